import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../../decorators/index.js';
import { InvalidArgumentError } from '../../../../src/errors/invalid-argument-error.js';
import { KeyEncodingError } from '../../../../src/errors/key-encoding-error.js';
import { getEntityMetadata } from '../../../../src/metadata/entity-registry.js';
import { planPrefixDelete } from '../../../../src/query/planner/plan-prefix-delete.js';

@Entity({ table: 'plan_docs' })
@Family('d')
class Doc {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') folder!: string;
  @KeyPart(2, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'plan_docs_lit', prefix: 'doc' })
@Family('d')
class LitDoc {
  @KeyPart(0, 'string') tenant!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

const text = (b: readonly Uint8Array[]) => b.map((k) => new TextDecoder().decode(k));
const meta = getEntityMetadata(Doc);

describe('planPrefixDelete', () => {
  it('accepts exactly the leading key parts in order', () => {
    const plan = (key: object) => {
      const p = planPrefixDelete(meta, key);
      return p.kind === 'drops' ? { prefixes: text(p.prefixes), rows: text(p.rows) } : p;
    };
    expect(plan({ tenant: 'a' })).toEqual({ prefixes: ['a#'], rows: [] });
    expect(plan({ tenant: 'a', folder: 'f' })).toEqual({ prefixes: ['a#f#'], rows: [] });
    expect(plan({ tenant: 'a', folder: 'f', id: 'x' })).toEqual({ prefixes: [], rows: ['a#f#x'] });
    expect(plan({ tenant: 'a', folder: undefined })).toEqual({ prefixes: ['a#'], rows: [] });
  });

  it.each([
    ['a gap', { tenant: 'a', id: 'x' }, 'id'],
    ['a gap from the start', { id: 'x' }, 'id'],
    ['a non-key property', { tenant: 'a', status: 'done' }, 'status'],
    ['an unknown property', { tenant: 'a', nope: 1 }, 'nope'],
    ['an invalid value', { tenant: 'a#b' }, 'tenant'],
  ])('refuses %s with KeyEncodingError naming the field', (_, key, field) => {
    for (const allowEntireEntity of [false, true]) {
      const error = (() => {
        try {
          planPrefixDelete(meta, key, { allowEntireEntity });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(KeyEncodingError);
      expect((error as KeyEncodingError).field).toBe(field);
    }
  });

  it('an empty prefix needs allowEntireEntity (InvalidArgumentError), then names the whole entity', () => {
    expect(() => planPrefixDelete(meta, {})).toThrow(InvalidArgumentError);
    expect(() => planPrefixDelete(meta, { tenant: undefined })).toThrow(/allowEntireEntity/);
    expect(() => planPrefixDelete(meta, null as never)).toThrow(InvalidArgumentError);
    expect(planPrefixDelete(meta, {}, { allowEntireEntity: true })).toEqual({ kind: 'table' });
    const lit = planPrefixDelete(getEntityMetadata(LitDoc), {}, { allowEntireEntity: true });
    expect(lit.kind === 'drops' && text(lit.prefixes)).toEqual(['doc#']);
  });
});
