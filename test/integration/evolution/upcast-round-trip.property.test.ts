// Issue 15's property on the emulator: random old (v1, v2) entities saved by their old declarations read as the
// upcasters make of them by hand; saving what was read stores the current version, and reading it again gives the
// same entity. Fewer runs than the pure test (test/unit/mapping/upcast-round-trip.property.test.ts): each run is
// four round trips.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { rowSchemaVersion } from '../../../src/mapping/schema-version-token.js';
import type { RowData } from '../../../src/model/row-data.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { oldUser, propertiesOf, upcastByHand } from '../../unit/mapping/evolution-arbitraries.js';
import { User, saveAsOld } from './evolving-users.js';

const mapper = useMapper([User]);

/** The row as stored, every cell. */
async function rowOf(userId: string): Promise<RowData> {
  const key = resolveEntity(User).key.codec.encode({ userId });
  const request = { rows: { rowKeys: [key], rowRanges: [] } };
  for await (const row of readRows(mapper().connection, mapper().repository(User).tableId, request))
    return row;
  throw new Error(`row ${userId} is missing`);
}

describe('upcast, save, read (emulator)', () => {
  it('reads old rows as upcast by hand, and a save of what was read reads back equal at the current version', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(oldUser, async (generated) => {
        run += 1;
        // A key of its own per run (shrinking re-runs too): no cell of an earlier run can leak in.
        const old = Object.assign(
          Object.create(Object.getPrototypeOf(generated) as object) as typeof generated,
          {
            ...generated,
            userId: `${generated.userId}~${run}`,
          },
        );
        const users = mapper().repository(User);
        await saveAsOld(mapper(), old);
        const read = await users.get({ userId: old.userId });
        expect(read).toBeInstanceOf(User);
        expect(propertiesOf(read)).toEqual(upcastByHand(old));

        if (!read) return;
        await users.save(read);
        const raw = await rowOf(old.userId);
        expect(rowSchemaVersion(resolveEntity(User), raw)).toBe(3);
        expect(propertiesOf(await users.get({ userId: old.userId }))).toEqual(propertiesOf(read));
      }),
      { numRuns: 40 },
    );
  });
});
