// Issue 15's property, pure: for random old (v1, v2) entities, the row their old declaration saves reads as what
// the upcasters make of them by hand; and upcast-then-save-then-read equals the upcast entity (the saved row is at
// the current version, read without upcasting).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSaveMutations } from '../../../src/mapping/build-save-mutations.js';
import { rowSchemaVersion } from '../../../src/mapping/schema-version-token.js';
import { upcastRow } from '../../../src/mapping/upcast-row.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import type { UserV1, UserV2 } from '../../integration/evolution/evolving-users.js';
import { User } from '../../integration/evolution/evolving-users.js';
import { applyMutations } from './apply-mutations.js';
import { oldUser, propertiesOf, upcastByHand, versionOf } from './evolution-arbitraries.js';

const meta = resolveEntity(User);
const OLD_SAVE = Date.UTC(2024, 0, 1);
const NEW_SAVE = OLD_SAVE + 60_000;

/** The row `old`'s own declaration writes into an empty row. */
function oldRow(old: UserV1 | UserV2) {
  const oldMeta = resolveEntity(old.constructor as typeof UserV1 | typeof UserV2);
  const save = buildSaveMutations(oldMeta, old as never, { now: () => OLD_SAVE });
  return applyMutations({ key: save.key, cells: [] }, save.mutations);
}

describe('upcast, save, read (pure)', () => {
  it('an old row reads as the upcasters applied by hand, at its old version', () => {
    fc.assert(
      fc.property(oldUser, (old) => {
        const { entity, fromVersion } = upcastRow(meta, oldRow(old));
        expect(fromVersion).toBe(versionOf(old));
        expect(entity).toBeInstanceOf(User);
        expect(propertiesOf(entity)).toEqual(upcastByHand(old));
      }),
      { numRuns: 300 },
    );
  });

  it('saving the upcast entity over the old row stores the current version, read back equal', () => {
    fc.assert(
      fc.property(oldUser, (old) => {
        const row = oldRow(old);
        const upcast = upcastRow(meta, row).entity;
        const saved = applyMutations(
          row,
          buildSaveMutations(meta, upcast, { now: () => NEW_SAVE }).mutations,
        );
        expect(rowSchemaVersion(meta, saved)).toBe(3);
        // Nothing only an old version stored is left (d:name, the JSON d:prefs).
        const qualifiers = saved.cells.map((c) => `${c.family}:${Buffer.from(c.qualifier).toString()}`);
        expect(qualifiers.filter((q) => q === 'd:name' || q === 'd:prefs')).toEqual([]);
        const reread = upcastRow(meta, saved);
        expect(reread.fromVersion).toBe(3);
        expect(propertiesOf(reread.entity)).toEqual(propertiesOf(upcast));
        expect(propertiesOf(reread.entity)).toEqual(upcastByHand(old));
      }),
      { numRuns: 300 },
    );
  });
});
