import { describe, expect, it } from 'vitest';
import { ConnectionClosedError } from '../../../src/errors/connection-closed-error.js';
import { ReadRowsStreamError } from '../../../src/errors/read-rows-stream-error.js';
import type { ReadRowsRequestData } from '../../../src/model/read-rows-request.js';
import type { RowData } from '../../../src/model/row-data.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import type { ReadRowsOptions } from '../../../src/transport/read-rows.js';
import { readRows } from '../../../src/transport/read-rows.js';
import {
  FAST_RETRY,
  clientsTestHarness,
  expectDeadline,
  closeClientScenario,
  committedRow,
  text,
  within,
} from './clients-test-support.js';

/**
 * googleapis/cloud-bigtable-clients-test `tests/readrows_test.go` and `tests/readrow_test.go`, re-enacted against the
 * mock server (scenario names kept). A ReadRow is a ReadRows of one key with `rowsLimit` 1.
 */
const { server, connection, profiled } = clientsTestHarness();

async function read(
  request: ReadRowsRequestData = {},
  options: ReadRowsOptions = FAST_RETRY,
  conn: BigtableConnection = connection(),
): Promise<RowData[]> {
  const rows: RowData[] = [];
  for await (const row of readRows(conn, 'table', request, options)) rows.push(row);
  return rows;
}
const keysOf = (rows: readonly RowData[]): string[] => rows.map((r) => text(r.key));
const readRow = (key: string, options: ReadRowsOptions = FAST_RETRY, conn?: BigtableConnection) =>
  read({ rows: { rowKeys: [Buffer.from(key)], rowRanges: [] }, rowsLimit: 1n }, options, conn);
const ranges = (calls: number) =>
  server().callsOf('ReadRows')[calls]!.request.rows as
    | {
        rowRanges?: { startKeyOpen?: Buffer }[];
      }
    | undefined;

describe('clients-test readrows_test.go', () => {
  it('TestReadRows_Generic_Headers', async () => {
    await read();
    const [call] = server().callsOf('ReadRows');
    expect(call!.metadata['x-goog-api-client']).toBeTruthy();
    expect(String(call!.metadata['x-goog-request-params'])).toContain(
      encodeURIComponent('projects/p/instances/i/tables/table'),
    );
  });

  it('TestReadRows_NoRetry_OutOfOrderError', async () => {
    server().script('ReadRows', [
      [
        {
          response: {
            chunks: [committedRow('row-01'), committedRow('row-07'), committedRow('row-03')].flatMap(
              (r) => r.chunks as unknown[],
            ),
          },
        },
      ],
    ]);
    const error = await read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadRowsStreamError);
    expect((error as Error).message).toMatch(/row-03.*not above.*row-07/);
    expect(server().callsOf('ReadRows')).toHaveLength(1);
  });

  it('TestReadRows_NoRetry_ErrorAfterLastRow', async () => {
    server().script('ReadRows', [
      [{ response: committedRow('row-01') }, { error: { code: 4 } }],
      [{ response: committedRow('row-05') }],
    ]);
    expect(keysOf(await read({ rowsLimit: 1n }))).toEqual(['row-01']);
  });

  it('TestReadRows_Retry_PausedScan', async () => {
    server().script('ReadRows', [
      [{ response: committedRow('row-01') }, { error: { code: 10 } }],
      [{ response: committedRow('row-05') }],
    ]);
    expect(keysOf(await read())).toEqual(['row-01', 'row-05']);
    expect(ranges(0)?.rowRanges ?? []).toEqual([]);
    expect(text(ranges(1)!.rowRanges![0]!.startKeyOpen)).toBe('row-01');
  });

  it('TestReadRows_Retry_LastScannedRow', async () => {
    server().script('ReadRows', [
      [
        { response: committedRow('abar') },
        { response: { lastScannedRowKey: Buffer.from('qfoo') } }, // qfoo dropped by the filter
        { error: { code: 4 } },
      ],
      [{ response: committedRow('zbar') }],
    ]);
    expect(keysOf(await read())).toEqual(['abar', 'zbar']);
    expect(text(ranges(1)!.rowRanges![0]!.startKeyOpen)).toBe('qfoo');
  });

  it('TestReadRows_NoRetry_OutOfOrderError_Reverse (named in other clients’ skip lists)', async () => {
    server().script('ReadRows', [
      [
        {
          response: {
            chunks: [committedRow('row-07'), committedRow('row-03'), committedRow('row-05')].flatMap(
              (r) => r.chunks as unknown[],
            ),
          },
        },
      ],
    ]);
    const error = await read({ reversed: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadRowsStreamError);
    expect((error as Error).message).toMatch(/row-05.*not below.*row-03/);
  });

  it('TestReadRows_Retry_LastScannedRow_Reverse (named in other clients’ skip lists)', async () => {
    server().script('ReadRows', [
      [
        { response: committedRow('zbar') },
        { response: { lastScannedRowKey: Buffer.from('qfoo') } },
        { error: { code: 4 } },
      ],
      [{ response: committedRow('abar') }],
    ]);
    expect(keysOf(await read({ reversed: true }))).toEqual(['zbar', 'abar']);
    const retry = server().callsOf('ReadRows')[1]!;
    expect(retry.request.reversed).toBe(true);
    const range = (retry.request.rows as { rowRanges: { endKeyOpen?: Buffer; startKeyClosed?: Buffer }[] })
      .rowRanges[0]!;
    expect(text(range.endKeyOpen)).toBe('qfoo');
  });

  it('TestReadRows_Generic_MultiStreams (and TestReadRow_Generic_MultiStreams)', async () => {
    server().script('ReadRows', (call) => {
      const keys = (call.request.rows as { rowKeys: Buffer[] }).rowKeys.map(text);
      return [{ delayMs: 300 }, ...keys.map((k) => ({ response: committedRow(k) }))];
    });
    const ops = [0, 1, 2, 3, 4].map((i) =>
      read({ rows: { rowKeys: [Buffer.from(`op${i}-row-a`), Buffer.from(`op${i}-row-b`)], rowRanges: [] } }),
    );
    const results = await Promise.all(ops);
    results.forEach((rows, i) => expect(keysOf(rows)).toEqual([`op${i}-row-a`, `op${i}-row-b`]));
    expect(
      within(
        server()
          .callsOf('ReadRows')
          .map((c) => c.at),
        1000,
      ),
    ).toBe(true);
  });

  it('TestReadRows_NoRetry_MultipleIndividualRowKeys', async () => {
    server().script('ReadRows', [
      [
        { response: committedRow('abar') },
        { response: committedRow('qbar') },
        { response: committedRow('zbar') },
      ],
    ]);
    const keys = ['abar', 'qbar', 'zbar'].map((k) => Buffer.from(k));
    expect(await read({ rows: { rowKeys: keys, rowRanges: [] } })).toHaveLength(3);
  });

  it('TestReadRows_NoRetry_EmptyTableNoRows', async () => {
    expect(await read()).toHaveLength(0);
  });

  it('TestReadRows_NoRetry_MultipleRowRanges', async () => {
    server().script('ReadRows', [
      ['abar', 'kbar', 'qbar', 'zbar'].map((k) => ({ response: committedRow(k) })),
    ]);
    const b = (s: string): Buffer => Buffer.from(s);
    const rows = await read({
      rows: {
        rowKeys: [],
        rowRanges: [
          { startKeyClosed: b('abar'), endKeyClosed: b('kbar') },
          { startKeyClosed: b('qbar'), endKeyClosed: b('zbar') },
        ],
      },
    });
    expect(rows).toHaveLength(4);
  });

  it('TestReadRows_NoRetry_ClosedStartUnspecifiedEnd', async () => {
    server().script('ReadRows', [[{ response: committedRow('abar') }, { response: committedRow('kbar') }]]);
    const rows = await read({ rows: { rowKeys: [], rowRanges: [{ startKeyClosed: Buffer.from('abar') }] } });
    expect(rows).toHaveLength(2);
  });
});

describe('clients-test readrow_test.go', () => {
  it('TestReadRow_Generic_Headers', async () => {
    await readRow('row-01', FAST_RETRY, profiled());
    const [call] = server().callsOf('ReadRows');
    expect(call!.metadata['x-goog-api-client']).toBeTruthy();
    const params = String(call!.metadata['x-goog-request-params']);
    expect(params).toContain(encodeURIComponent('projects/p/instances/i/tables/table'));
    expect(params).toContain('test_profile');
  });

  it('TestReadRow_Generic_DeadlineExceeded (2 s → 1 s timeout, 10 s → 5 s server delay)', async () => {
    server().script('ReadRows', [[{ delayMs: 5_000 }, { response: committedRow('row-01') }]]);
    const started = Date.now();
    const error = await readRow('row-01', { ...FAST_RETRY, timeoutMs: 1_000 }).catch((e: unknown) => e);
    const took = Date.now() - started;
    expectDeadline(error, false);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4_000);
    const [call] = server().callsOf('ReadRows');
    expect(text((call!.request.rows as { rowKeys: Buffer[] }).rowKeys[0])).toBe('row-01');
    expect(call!.request.rowsLimit).toBe('1');
  });

  it('TestReadRow_NoRetry_CommitInSeparateChunk', async () => {
    server().script('ReadRows', [
      [
        {
          response: {
            chunks: [
              {
                rowKey: Buffer.from('row-01'),
                familyName: { value: 'A' },
                qualifier: { value: Buffer.from('Qw1') },
                timestampMicros: '99',
                value: Buffer.from('dmFsdWUtVkFM'),
              },
              {
                familyName: { value: 'B' },
                qualifier: { value: Buffer.from('Qw2') },
                timestampMicros: '102',
                value: Buffer.from('dmFsdWUtVkFJ'),
                commitRow: true,
              },
            ],
          },
        },
      ],
    ]);
    const [row] = await readRow('row-01');
    expect(row!.cells.map((c) => [c.family, text(c.qualifier), c.timestampMicros, text(c.value)])).toEqual([
      ['A', 'Qw1', 99n, 'dmFsdWUtVkFM'],
      ['B', 'Qw2', 102n, 'dmFsdWUtVkFJ'],
    ]);
  });

  it('TestReadRow_Generic_CloseClient (in-flight reads end as cancelled, later ones are never sent)', async () => {
    server().script('ReadRows', [[{ delayMs: 2_000 }, { response: committedRow('row') }]]);
    const inFlight = await closeClientScenario(server(), 'ReadRows', (c, i) =>
      readRow(`op${i}-row`, FAST_RETRY, c),
    );
    for (const result of inFlight) expect(result).toBeInstanceOf(ConnectionClosedError);
  });

  it('TestReadRow_Retry_WithRoutingCookie', async () => {
    server().script('ReadRows', [
      [{ error: { code: 14, trailers: { 'x-goog-cbt-cookie-test': 'test-cookie' } } }],
      [{ response: committedRow('row-01') }],
    ]);
    expect(keysOf(await readRow('row-01'))).toEqual(['row-01']);
    const [first, retry] = server().callsOf('ReadRows');
    expect(first!.metadata['x-goog-cbt-cookie-test']).toBeUndefined();
    expect(retry!.metadata['x-goog-cbt-cookie-test']).toBe('test-cookie');
  });

  it('TestReadRow_Retry_WithRetryInfo', async () => {
    server().script('ReadRows', [
      [{ error: { code: 14, retryDelayMs: 2_000 } }],
      [{ response: committedRow('row-01') }],
    ]);
    expect(keysOf(await readRow('row-01'))).toEqual(['row-01']);
    const [first, retry] = server().callsOf('ReadRows');
    expect(retry!.at - first!.at).toBeGreaterThanOrEqual(1_900);
  });
});

describe('clients-test readrows_test.go, with a server that ends connections (max connection age 1 s)', () => {
  const aged = clientsTestHarness({
    serverOptions: { 'grpc.max_connection_age_ms': 1_000, 'grpc.max_connection_age_grace_ms': 500 },
  });

  it('TestReadRows_Retry_StreamReset (4 s + 1 s age → 1 s + 0.5 s; 10 s → 5 s server delay)', async () => {
    aged.server().script('ReadRows', [
      [{ response: committedRow('abar') }, { delayMs: 5_000 }, { response: committedRow('qbar') }],
      [{ response: committedRow('qbar') }, { response: committedRow('zbar') }],
    ]);
    const rows: RowData[] = [];
    for await (const row of readRows(aged.connection(), 'table', {}, FAST_RETRY)) rows.push(row);
    expect(keysOf(rows)).toEqual(['abar', 'qbar', 'zbar']);
    const calls = aged.server().callsOf('ReadRows');
    expect(calls).toHaveLength(2);
    expect(
      text((calls[1]!.request.rows as { rowRanges: { startKeyOpen: Buffer }[] }).rowRanges[0]!.startKeyOpen),
    ).toBe('abar');
  });
});
