import { describe, expect, it } from 'vitest';
import { checkOutcomesAgainstServer, outcomesOf, storedItems } from './support/batch-outcomes.js';
import { Item, item } from './support/entities.js';
import { createMapperPair } from './support/mapper-pair.js';
import { settleWithin, sleep, waitUntil } from './support/wait-until.js';

/**
 * Issue 10, item 6: with DEFAULT retry options, a ~1.8 s outage during a 100,000-entity saveMany is ridden out:
 * no entity ends 'notWritten', and at most the entities in flight at the cut end 'unknown'.
 */

const N = 100_000;
/**
 * In flight at once: `batchConcurrency` (default 4) MutateRows requests of ENTITIES_PER_CALL (1,000) entities each,
 * values read from src/write/batch/write-many.ts and RepositoryOptions.
 */
const MAX_IN_FLIGHT = 4 * 1_000;

describe('a short outage under default retry options', () => {
  it('a 1.8 s cut during saveMany loses nothing and leaves at most the in-flight entities unknown', async () => {
    const pair = await createMapperPair([Item]);
    try {
      const { proxy, proxied, direct } = pair;
      const input = Array.from({ length: N }, (_, i) => item(i));
      await proxied.repository(Item).get({ id: 'warm-up' });
      const answered = proxy.bytesFromServer;
      const saving = settleWithin(proxied.repository(Item).saveMany(input), 55_000);
      try {
        expect(await waitUntil(() => proxy.bytesFromServer > answered, { maxPolls: 4_000, everyMs: 5 })).toBe(
          true,
        );
        proxy.cut();
        await sleep(1_800);
      } finally {
        proxy.restore();
      }
      const settled = await saving;
      expect(settled.status, 'saveMany must end, not hang').not.toBe('hung');
      const outcomes = outcomesOf(settled as PromiseSettledResult<void>, N);
      const counts = checkOutcomesAgainstServer(input, outcomes, await storedItems(direct));
      expect(counts.notWritten).toBe(0);
      expect(counts.unknown).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    } finally {
      await pair.dispose();
    }
  });
});
