import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSaveMutations } from '../../../src/mapping/build-save-mutations.js';
import { hydrateEntity } from '../../../src/mapping/hydrate-entity.js';
import { supportedVersions, upcastRow } from '../../../src/mapping/upcast-row.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import type { EntityMetadata } from '../../../src/metadata/entity-metadata.js';
import type { RowData } from '../../../src/model/row-data.js';
import { applyMutations } from './apply-mutations.js';
import type { UserV1, UserV2 } from '../../integration/evolution/evolving-users.js';
import { User, v1, v2 } from '../../integration/evolution/evolving-users.js';

/** The row a whole save of `entity` leaves behind on an empty row. */
function savedRow<E extends object>(meta: EntityMetadata<E>, entity: E): RowData {
  const save = buildSaveMutations(meta, entity, { now: () => 1_700_000_000_000 });
  return applyMutations({ key: save.key, cells: [] }, save.mutations);
}

const text = fc.string({ unit: 'grapheme', maxLength: 8 });
const settings = fc.record({ theme: text, lang: text }, { requiredKeys: [] });
const prefs = fc.dictionary(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).filter((k) => k !== '__proto__'),
  text,
  { maxKeys: 4 },
);
const userId = fc.stringMatching(/^[a-z0-9]{1,10}$/);

describe('upcastRow', () => {
  const meta = resolveEntity(User);

  it('upcast, then save, then read gives the upcast entity back (v1 and v2 rows)', () => {
    fc.assert(
      fc.property(userId, text, settings, prefs, fc.boolean(), (id, name, s, p, first) => {
        const old = first ? v1(id, name, s, p) : v2(id, name, s, p);
        const oldMeta = resolveEntity(old.constructor as typeof UserV1 | typeof UserV2);
        const { entity, fromVersion } = upcastRow(meta, savedRow(oldMeta as never, old));
        expect(fromVersion).toBe(first ? 1 : 2);
        expect(entity).toBeInstanceOf(User);
        const again = upcastRow(meta, savedRow(meta, entity));
        expect(again.fromVersion).toBe(3);
        expect(again.entity).toEqual(entity);
        expect(hydrateEntity(meta, savedRow(meta, entity))).toEqual(entity);
      }),
    );
  });

  it('lists the versions whose steps chain to the current one', () => {
    expect(supportedVersions(meta.evolution!)).toEqual([1, 2, 3]);
  });
});
