import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart, QualifierMap, QualifierSet } from '../../../decorators/index.js';
import {
  applyEntityChanges,
  applyEntryChange,
  materializeChanges,
} from '../../../src/mapping/apply-entity-changes.js';
import type { MapFieldMetadata, SetFieldMetadata } from '../../../src/metadata/entity-metadata.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';

@Entity({ table: 'aec' })
@Family('d')
@Family('m')
@Family('s')
class Thing {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string', optional: true }) name?: string;
  @QualifierMap({ family: 'm', key: 'bytes', value: 'string' }) blobs!: Map<Uint8Array, string>;
  @QualifierSet({ family: 's', key: 'string' }) tags!: Set<string>;
}

const meta = resolveEntity(Thing);
const field = (p: string) => meta.fields.find((f) => f.property === p) as MapFieldMetadata | SetFieldMetadata;

describe('applying update changes to an upcast entity', () => {
  it('edits entries by their encoded key, removes first then puts, without touching the input', () => {
    const current = new Map([[Uint8Array.of(1), 'one']]);
    const next = applyEntryChange(field('blobs'), current, {
      remove: [Uint8Array.of(1)],
      put: [
        [Uint8Array.of(1), 'uno'],
        [Uint8Array.of(2), 'two'],
      ],
    });
    expect([...next.entries()]).toEqual([
      [Uint8Array.of(1), 'uno'],
      [Uint8Array.of(2), 'two'],
    ]);
    expect(current.get([...current.keys()][0]!)).toBe('one');
    expect(applyEntryChange(field('tags'), undefined, { put: ['a', 'b'], remove: ['a'] })).toEqual(
      new Set(['a', 'b']),
    );
  });

  it('replaces whole values and applies entry changes like the row would', () => {
    const thing = Object.assign(new Thing(), { id: 't', name: 'x', blobs: new Map(), tags: new Set(['a']) });
    applyEntityChanges(meta, thing, { name: null, tags: { put: ['b'] } });
    expect(thing.name).toBeNull();
    expect(thing.tags).toEqual(new Set(['a', 'b']));
  });

  it('materializes one-shot iterables so that changes can be applied twice', () => {
    function* gen() {
      yield 'z';
    }
    const changes = materializeChanges({ tags: { put: gen() }, name: 'n' });
    expect(changes).toEqual({ tags: { put: ['z'] }, name: 'n' });
  });
});
