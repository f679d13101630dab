import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BucketClock } from '../../../src/backfill/token-bucket.js';
import { TokenBucket } from '../../../src/backfill/token-bucket.js';

/** Simulated time: sleeping advances the clock, so the test counts grants against time without waiting. */
function fakeClock(): BucketClock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
    },
  };
  return clock;
}

describe('the backfill rate limit (token bucket)', () => {
  it('grants at most burst + rate × elapsed takes, counted against simulated time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 1, max: 400 }),
        async (rate, takes) => {
          const clock = fakeClock();
          const bucket = new TokenBucket(rate, { clock });
          for (let i = 1; i <= takes; i++) {
            await bucket.take();
            // After i grants, at least (i − burst) tokens had to be earned at `rate` per second.
            expect(clock.t + 1e-6).toBeGreaterThanOrEqual(((i - bucket.burst) / rate) * 1000);
          }
          // And no more waiting than needed: the last grant came as soon as its token was earned.
          expect(clock.t).toBeLessThanOrEqual((Math.max(0, takes - bucket.burst) / rate) * 1000 + 1);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('serves concurrent takers one at a time, in order', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket(10, { clock, burst: 1 });
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3].map((i) => bucket.take().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3]);
    expect(clock.t).toBeCloseTo(300, 6);
  });
});
