import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError } from '../../../src/errors/outcome-unknown-error.js';
import type { TransportError } from '../../../src/errors/transport-error.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import type { ReadModifyWriteRule } from '../../../src/transport/read-modify-write-row.js';
import { readModifyWriteRow } from '../../../src/transport/read-modify-write-row.js';
import {
  clientsTestHarness,
  expectDeadline,
  closeClientScenario,
  expectRoutingHeader,
  text,
  within,
} from './clients-test-support.js';

/** googleapis/cloud-bigtable-clients-test `tests/readmodifywriterow_test.go`, re-enacted against the mock server. */
const { server, connection, profiled } = clientsTestHarness();

/** The scenarios' interleaved rules: increments of f:col_int, appends to f:col_str. */
function rules(increments: bigint[], appends: string[]): ReadModifyWriteRule[] {
  const out: ReadModifyWriteRule[] = [];
  for (let i = 0; i < Math.max(increments.length, appends.length); i++) {
    if (i < increments.length)
      out.push({ kind: 'increment', family: 'f', qualifier: Buffer.from('col_int'), by: increments[i]! });
    if (i < appends.length)
      out.push({
        kind: 'append',
        family: 'f',
        qualifier: Buffer.from('col_str'),
        value: Buffer.from(appends[i]!),
      });
  }
  return out;
}
/** The scenarios' dummyResultRow. */
function resultRow(key: string, increments: bigint[], appends: string[]): Record<string, unknown> {
  const sum = Buffer.alloc(8);
  sum.writeBigInt64BE(increments.reduce((a, b) => a + b, 0n));
  return {
    row: {
      key: Buffer.from(key),
      families: [
        {
          name: 'f',
          columns: [
            { qualifier: Buffer.from('col_int'), cells: [{ timestampMicros: '2000', value: sum }] },
            {
              qualifier: Buffer.from('col_str'),
              cells: [{ timestampMicros: '1000', value: Buffer.from(appends.join('')) }],
            },
          ],
        },
      ],
    },
  };
}
const rmw = (key = 'row-01', conn: BigtableConnection = connection(), timeoutMs?: number) =>
  readModifyWriteRow(
    conn,
    'table',
    Buffer.from(key),
    rules([10n, 2n], ['str1', 'str2']),
    timeoutMs === undefined ? {} : { timeoutMs },
  );

describe('clients-test readmodifywriterow_test.go', () => {
  it('TestReadModifyWriteRow_Generic_Headers', async () => {
    server().script('ReadModifyWriteRow', [[{ response: resultRow('row-01', [10n, 2n], ['str1', 'str2']) }]]);
    await rmw('row-01', profiled());
    expectRoutingHeader(server().callsOf('ReadModifyWriteRow')[0]!.metadata, 'test_profile');
  });

  it('TestReadModifyWriteRow_NoRetry_MultiValues', async () => {
    server().script('ReadModifyWriteRow', [[{ response: resultRow('row-01', [10n, 2n], ['str1', 'str2']) }]]);
    const row = await rmw();
    const sent = server().callsOf('ReadModifyWriteRow')[0]!.request.rules as {
      columnQualifier: Buffer;
      incrementAmount?: string;
      appendValue?: Buffer;
    }[];
    expect(sent.map((r) => `${text(r.columnQualifier)}:${r.incrementAmount ?? text(r.appendValue)}`)).toEqual(
      ['col_int:10', 'col_str:str1', 'col_int:2', 'col_str:str2'],
    );
    expect(text(row.key)).toBe('row-01');
    const cell = (q: string) => row.cells.find((c) => text(c.qualifier) === q)!;
    expect(Buffer.from(cell('col_int').value).readBigInt64BE()).toBe(12n);
    expect(text(cell('col_str').value)).toBe('str1str2');
  });

  it('TestReadModifyWriteRow_Generic_MultiStreams', async () => {
    server().script('ReadModifyWriteRow', (call) => [
      { delayMs: 300 },
      { response: resultRow(text(call.request.rowKey as Buffer), [12n], ['append']) },
    ]);
    const rows = await Promise.all([0, 1, 2, 3, 4].map((i) => rmw(`op${i}-row`)));
    expect(rows.map((r) => text(r.key))).toEqual([0, 1, 2, 3, 4].map((i) => `op${i}-row`));
    expect(
      within(
        server()
          .callsOf('ReadModifyWriteRow')
          .map((c) => c.at),
        1000,
      ),
    ).toBe(true);
  });

  it('TestReadModifyWriteRow_NoRetry_TransientError', async () => {
    server().script('ReadModifyWriteRow', [
      [{ error: { code: 14 } }],
      [{ response: resultRow('row-01', [], []) }],
    ]);
    const error = await rmw().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(((error as OutcomeUnknownError).cause as TransportError).grpcCode).toBe(14);
    expect(server().callsOf('ReadModifyWriteRow')).toHaveLength(1);
  });

  it('TestReadModifyWriteRow_Generic_CloseClient (differs by design: close() cancels writes in flight)', async () => {
    server().script('ReadModifyWriteRow', [[{ delayMs: 2_000 }, { response: resultRow('op', [], []) }]]);
    const inFlight = await closeClientScenario(server(), 'ReadModifyWriteRow', (c, i) =>
      rmw(`op${i}-row`, c),
    );
    for (const result of inFlight) expect(result).toBeInstanceOf(OutcomeUnknownError);
  });

  it('TestReadModifyWriteRow_Generic_DeadlineExceeded (2 s → 1 s timeout, 10 s → 5 s server delay)', async () => {
    server().script('ReadModifyWriteRow', [[{ delayMs: 5_000 }, { response: resultRow('row-01', [], []) }]]);
    const started = Date.now();
    const error = await rmw('row-01', connection(), 1_000).catch((e: unknown) => e);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4_000);
    expectDeadline(error, true);
  });
});
