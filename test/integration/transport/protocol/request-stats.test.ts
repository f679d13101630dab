import { describe, expect, it } from 'vitest';
import type { ReadRowsRequestStats } from '../../../../src/transport/read-rows-request-stats.js';
import { readRows } from '../../../../src/transport/read-rows.js';

import { committedRowResponse } from '../../../support/mock-bigtable-server.js';
import { useMockBigtableServer } from '../../../support/use-mock-bigtable-server.js';
/**
 * Request stats: a read given `onRequestStats` asks for REQUEST_STATS_FULL and hands over the RequestStats the
 * server ends the attempt with; a read without it asks for nothing.
 */
const { server, connection } = useMockBigtableServer();

const row = (key: string): Record<string, unknown> => committedRowResponse(key);
const stats = (seen: number, returned: number): Record<string, unknown> => ({
  requestStats: {
    fullReadStatsView: {
      readIterationStats: {
        rowsSeenCount: String(seen),
        rowsReturnedCount: String(returned),
        cellsSeenCount: String(seen * 3),
        cellsReturnedCount: String(returned),
      },
      requestLatencyStats: { frontendServerLatency: { seconds: '1', nanos: 250_000_000 } },
    },
  },
});

describe('request stats', () => {
  it('asks for REQUEST_STATS_FULL and decodes the stats of the last response', async () => {
    server().script('ReadRows', [[{ response: row('a') }, { response: { ...row('b'), ...stats(40, 2) } }]]);
    const received: ReadRowsRequestStats[] = [];
    const keys: string[] = [];
    for await (const r of readRows(connection(), 't', {}, { onRequestStats: (s) => received.push(s) }))
      keys.push(Buffer.from(r.key).toString());
    expect(keys).toEqual(['a', 'b']);
    expect(server().callsOf('ReadRows')[0]!.request.requestStatsView).toBe('REQUEST_STATS_FULL');
    expect(received).toEqual([
      { rowsSeen: 40n, rowsReturned: 2n, cellsSeen: 120n, cellsReturned: 2n, frontendServerLatencyMs: 1250 },
    ]);
  });

  it('asks again on a resumed attempt and hands over each attempt’s stats', async () => {
    server().script('ReadRows', [
      [{ response: { ...row('a'), ...stats(10, 1) } }, { error: { code: 14 } }],
      [{ response: { ...row('b'), ...stats(5, 1) } }],
    ]);
    const received: bigint[] = [];
    for await (const _ of readRows(
      connection(),
      't',
      {},
      { retry: { initialBackoffMs: 1 }, onRequestStats: (s) => received.push(s.rowsSeen) },
    ))
      void _;
    expect(
      server()
        .callsOf('ReadRows')
        .map((c) => c.request.requestStatsView),
    ).toEqual(['REQUEST_STATS_FULL', 'REQUEST_STATS_FULL']);
    expect(received).toEqual([10n, 5n]);
  });

  it('asks for nothing without onRequestStats', async () => {
    server().script('ReadRows', [[{ response: row('a') }]]);
    for await (const _ of readRows(connection(), 't', {})) void _;
    expect(server().callsOf('ReadRows')[0]!.request.requestStatsView).toBeUndefined();
  });
});
