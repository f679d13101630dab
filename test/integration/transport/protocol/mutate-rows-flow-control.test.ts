import { describe, expect, it } from 'vitest';
import { mutateRows } from '../../../../src/transport/mutate-rows.js';
import type { RecordedCall } from '../../../support/mock-bigtable-server.js';

import { useMockBigtableServer } from '../../../support/use-mock-bigtable-server.js';
/**
 * Bulk-write flow control against the mock server: one batch sent as 90 requests, one after the other. Requests
 * 0–29 are answered plainly; 30–35 with RateLimitInfo asking to slow down (factor 0.5, clamped to 0.7); 36–45 to
 * speed up (1.3); from 46 on plainly again, which turns flow control off. The client must measurably slow down and
 * speed up again. Ratios of mean gaps between recorded request times, with generous margins (the limiter starts
 * from the rate it observed, so a slower machine scales every phase alike).
 */
const { server, connection } = useMockBigtableServer();

const rateLimitInfo = (factor: number): Record<string, unknown> => ({
  rateLimitInfo: { period: { seconds: '0', nanos: 0 }, factor },
});

function meanGap(calls: readonly RecordedCall[], from: number, to: number): number {
  return (calls[to]!.at - calls[from]!.at) / (to - from);
}

describe('MutateRows flow control (RateLimitInfo)', () => {
  it('slows down when the service asks, and speeds up again', async () => {
    server().script('MutateRows', (call) => [
      {
        response: {
          entries: [{ index: 0, status: { code: 0 } }],
          ...(call.nth >= 30 && call.nth <= 35 ? rateLimitInfo(0.5) : {}),
          ...(call.nth >= 36 && call.nth <= 45 ? rateLimitInfo(1.3) : {}),
        },
      },
    ]);
    const entries = Array.from({ length: 90 }, (_, i) => ({
      rowKey: Buffer.from(`row-${i}`),
      mutations: [{ kind: 'deleteFromRow' as const }],
    }));
    const results = await mutateRows(connection(), 't', entries, { maxMutationsPerRequest: 1 });
    expect(results.every((r) => r.ok)).toBe(true);
    const calls = server().callsOf('MutateRows');
    expect(calls).toHaveLength(90);
    const before = meanGap(calls, 1, 30);
    const slowed = meanGap(calls, 31, 40);
    const recovered = meanGap(calls, 50, 89);
    expect(slowed).toBeGreaterThanOrEqual(30);
    expect(slowed).toBeGreaterThanOrEqual(3 * before);
    expect(recovered * 3).toBeLessThanOrEqual(slowed);
    // Speeding up already while still limited: the last limited gap is shorter than the slowest one.
    const gaps = calls.slice(31, 47).map((c, i) => c.at - calls[30 + i]!.at);
    expect(gaps[gaps.length - 1]!).toBeLessThan(Math.max(...gaps));
  });
});
