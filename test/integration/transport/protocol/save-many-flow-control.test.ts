import { describe, expect, it } from 'vitest';
import { defineEntity } from '../../../../src/metadata/index.js';
import { Mapper } from '../../../../src/repository/mapper.js';
import type { RecordedCall } from '../../../support/mock-bigtable-server.js';

import { useMockBigtableServer } from '../../../support/use-mock-bigtable-server.js';
/**
 * Flow control on the path users take: `saveMany` of 90 entities, one MutateRows request each (`batchMaxBytes: 1`),
 * sent one after the other; the mock server asks for a slow-down on requests 30–35 and a speed-up on 36–45, then
 * stops asking. As in mutate-rows-flow-control.test.ts, ratios of mean gaps with generous margins.
 */
class Gauge {
  id = '';
  reading = '';
}
defineEntity(Gauge, {
  table: 'gauges',
  key: [{ property: 'id' }],
  families: { d: {} },
  properties: { reading: { family: 'd', codec: 'string' } },
} as never);

const { server, connection } = useMockBigtableServer();

const meanGap = (calls: readonly RecordedCall[], from: number, to: number): number =>
  (calls[to]!.at - calls[from]!.at) / (to - from);

describe('saveMany under RateLimitInfo', () => {
  it('slows down when the service asks, and speeds up again', async () => {
    server().script('MutateRows', (call) => {
      const count = (call.request.entries as unknown[]).length;
      const factor =
        call.nth >= 30 && call.nth <= 35 ? 0.5 : call.nth >= 36 && call.nth <= 45 ? 1.3 : undefined;
      return [
        {
          response: {
            entries: Array.from({ length: count }, (_, index) => ({ index, status: { code: 0 } })),
            ...(factor === undefined ? {} : { rateLimitInfo: { period: { seconds: '0' }, factor } }),
          },
        },
      ];
    });
    const mapper = new Mapper(connection(), { batchMaxBytes: 1, batchConcurrency: 1 });
    const gauges = Array.from({ length: 90 }, (_, i) =>
      Object.assign(new Gauge(), { id: `g${i}`, reading: `${i}` }),
    );
    await mapper.repository(Gauge).saveMany(gauges);
    const calls = server().callsOf('MutateRows');
    expect(calls).toHaveLength(90);
    const before = meanGap(calls, 1, 30);
    const slowed = meanGap(calls, 31, 40);
    const recovered = meanGap(calls, 50, 89);
    expect(slowed).toBeGreaterThanOrEqual(30);
    expect(slowed).toBeGreaterThanOrEqual(3 * before);
    expect(recovered * 3).toBeLessThanOrEqual(slowed);
  });
});
