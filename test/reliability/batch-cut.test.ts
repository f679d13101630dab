import { describe, expect, it } from 'vitest';
import { checkOutcomesAgainstServer, outcomesOf, storedItems } from './support/batch-outcomes.js';
import { Item, item } from './support/entities.js';
import { createMapperPair } from './support/mapper-pair.js';
import { settleWithin, sleep, waitUntil } from './support/wait-until.js';

/**
 * Issue 10, item 5: a 100,000-entity saveMany whose link is cut after the first answers came back. Whatever
 * happens, the CONTRACT's three-state outcomes must match the server exactly: 'written' is stored and equal,
 * 'notWritten' is absent, 'unknown' either; outcomes are aligned with the input; no row is half-written.
 */

const N = 100_000;
const SHORT = {
  retry: { maxElapsedMs: 3000, initialBackoffMs: 20, maxBackoffMs: 200 },
  timeouts: { attemptMs: 1000 },
};

async function saveManyUnderCut(restoreAfterMs: number | undefined): Promise<void> {
  const pair = await createMapperPair([Item], { proxied: SHORT });
  try {
    const { proxy, proxied, direct } = pair;
    const input = Array.from({ length: N }, (_, i) => item(i));
    await proxied.repository(Item).get({ id: 'warm-up' });
    const answered = proxy.bytesFromServer;
    const saving = settleWithin(proxied.repository(Item).saveMany(input), 50_000);
    try {
      // Cut once the server has answered some of the batch (bounded: 4,000 polls of 5 ms).
      expect(await waitUntil(() => proxy.bytesFromServer > answered, { maxPolls: 4_000, everyMs: 5 })).toBe(
        true,
      );
      proxy.cut();
      if (restoreAfterMs !== undefined) {
        await sleep(restoreAfterMs);
        proxy.restore();
      }
      const settled = await saving;
      expect(settled.status, 'saveMany must end, not hang').not.toBe('hung');
      const outcomes = outcomesOf(settled as PromiseSettledResult<void>, N);
      const counts = checkOutcomesAgainstServer(input, outcomes, await storedItems(direct));
      if (restoreAfterMs === undefined) {
        // The link never came back: some entities cannot have been written.
        expect(counts.written).toBeLessThan(N);
      }
    } finally {
      proxy.restore();
    }
  } finally {
    await pair.dispose();
  }
}

describe('saveMany of 100,000 entities with the link cut mid-batch', () => {
  it('cut for 1.5 s: outcomes match the server', () => saveManyUnderCut(1_500));
  it('cut for good: outcomes match the server', () => saveManyUnderCut(undefined));
});

export { Item };
