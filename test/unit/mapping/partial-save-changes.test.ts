import { describe, expect, it } from 'vitest';
import {
  Column,
  Counter,
  Entity,
  Family,
  KeyPart,
  QualifierMap,
  Version,
} from '../../../decorators/index.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { partialSaveChanges } from '../../../src/mapping/partial-save-changes.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';

@Entity({ table: 'partial_unit' })
@Family('d')
@Family('attrs')
@Family('meta')
class Account {
  @KeyPart(0) id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
  @Column({ family: 'd', codec: 'string', optional: true }) note?: string;
  @QualifierMap({ family: 'attrs', key: 'string', value: 'string' }) attrs!: Map<string, string>;
  @Counter({ family: 'meta' }) logins!: bigint;
  @Version({ family: 'meta', as: 'number' }) version!: number;
}
const meta = resolveEntity(Account);
const loaded = (props: Partial<Account>): Account => Object.assign(new Account(), { id: 'a1', ...props });

describe('partialSaveChanges', () => {
  it('writes only the loaded properties, never counters or the version, and checks the loaded version', () => {
    const out = partialSaveChanges(
      meta,
      loaded({ name: 'n', version: 4 }),
      { unloaded: new Set(['note', 'attrs', 'logins']), windowed: new Set() },
      false,
    );
    expect(out.key).toEqual({ id: 'a1' });
    expect(out.changes).toEqual({ name: 'n' });
    expect(out.expectedVersion).toBe(4);
  });

  it('puts the entries of a windowed map without replacing the family', () => {
    const attrs = new Map([['k', 'v']]);
    const out = partialSaveChanges(
      meta,
      loaded({ name: 'n', attrs, version: 1 }),
      { unloaded: new Set(['note']), windowed: new Set(['attrs']) },
      false,
    );
    const change = out.changes.attrs as { put: Iterable<[string, string]> };
    expect(Object.keys(change)).toEqual(['put']);
    expect([...change.put]).toEqual([['k', 'v']]);
  });

  it('refuses replaceRow and an unloaded version field', () => {
    const load = { unloaded: new Set(['note']), windowed: new Set<string>() };
    expect(() => partialSaveChanges(meta, loaded({ version: 1 }), load, true)).toThrow(InvalidArgumentError);
    expect(() =>
      partialSaveChanges(meta, loaded({}), { unloaded: new Set(['version']), windowed: new Set() }, false),
    ).toThrow(/select the version field/);
  });
});
