import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError } from '../../../../src/errors/outcome-unknown-error.js';
import { TransportError } from '../../../../src/errors/transport-error.js';
import { mutateRow } from '../../../../src/transport/mutate-row.js';
import { mutateRows } from '../../../../src/transport/mutate-rows.js';
import { readRows } from '../../../../src/transport/read-rows.js';
import { retryDelayOf } from '../../../../src/transport/retry-info.js';
import { committedRowResponse, rpcTypes, statusDetailsBin } from '../../../support/mock-bigtable-server.js';

import { useMockBigtableServer } from '../../../support/use-mock-bigtable-server.js';
/**
 * RetryInfo: a `google.rpc.RetryInfo` in a failure's status details sets the delay before the next attempt and
 * makes the failure retryable, within the call's deadline; a write whose outcome is unknown is still never
 * re-sent. Gaps are asserted from below only (a loaded machine only makes them longer) and against the default
 * backoff (at most tens of milliseconds for a first retry).
 */
const { server, connection } = useMockBigtableServer();

const key = Buffer.from('k');
const row = committedRowResponse('k');
const gap = (method: 'ReadRows' | 'MutateRow' | 'MutateRows'): number => {
  const [first, second] = server().callsOf(method);
  return second!.at - first!.at;
};
async function readAll(options: Parameters<typeof readRows>[3] = {}): Promise<string[]> {
  const keys: string[] = [];
  for await (const r of readRows(connection(), 't', {}, options)) keys.push(Buffer.from(r.key).toString());
  return keys;
}

describe('RetryInfo', () => {
  it('delays a MutateRow retry after RESOURCE_EXHAUSTED by the 1.5 s the service asked for', async () => {
    server().script('MutateRow', [[{ error: { code: 8, message: 'slow down', retryDelayMs: 1500 } }], []]);
    await mutateRow(connection(), 't', key, [{ kind: 'deleteFromRow' }]);
    expect(server().callsOf('MutateRow')).toHaveLength(2);
    expect(gap('MutateRow')).toBeGreaterThanOrEqual(1400);
  });

  it('delays a ReadRows retry by the service delay', async () => {
    server().script('ReadRows', [[{ error: { code: 14, retryDelayMs: 1000 } }], [{ response: row }]]);
    expect(await readAll()).toEqual(['k']);
    expect(gap('ReadRows')).toBeGreaterThanOrEqual(950);
  });

  it('makes a code that is otherwise final retryable', async () => {
    server().script('ReadRows', [
      [{ error: { code: 9, message: 'not now', retryDelayMs: 20 } }],
      [{ response: row }],
    ]);
    expect(await readAll()).toEqual(['k']);
    server().reset();
    server().script('ReadRows', [[{ error: { code: 9, message: 'not now' } }], [{ response: row }]]);
    await expect(readAll()).rejects.toMatchObject({ grpcCode: 9 });
    expect(server().callsOf('ReadRows')).toHaveLength(1);
  });

  it('does not retry when the delay would cross the call deadline', async () => {
    server().script('MutateRow', [[{ error: { code: 8, retryDelayMs: 5_000 } }], []]);
    const started = Date.now();
    const error = await mutateRow(connection(), 't', key, [{ kind: 'deleteFromRow' }], {
      timeoutMs: 1_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).grpcCode).toBe(8);
    expect(server().callsOf('MutateRow')).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('never re-sends a write whose outcome is unknown, RetryInfo or not', async () => {
    server().script('MutateRow', [[{ error: { code: 14, retryDelayMs: 10 } }], []]);
    const error = await mutateRow(connection(), 't', key, [{ kind: 'deleteFromRow' }]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(server().callsOf('MutateRow')).toHaveLength(1);
  });

  it('delays a MutateRows retry by the service delay, and re-sends only answered entries', async () => {
    server().script('MutateRows', [
      [{ error: { code: 8, retryDelayMs: 1000 } }],
      [{ response: { entries: [{ index: 0, status: { code: 0 } }] } }],
    ]);
    const results = await mutateRows(connection(), 't', [
      { rowKey: key, mutations: [{ kind: 'deleteFromRow' }] },
    ]);
    expect(results).toEqual([{ ok: true }]);
    expect(gap('MutateRows')).toBeGreaterThanOrEqual(950);
    server().reset();
    server().script('MutateRows', [[{ error: { code: 14, retryDelayMs: 10 } }], []]);
    const [unknown] = await mutateRows(connection(), 't', [
      { rowKey: key, mutations: [{ kind: 'deleteFromRow' }] },
    ]);
    expect(unknown).toMatchObject({ ok: false, outcome: 'unknown' });
    expect(server().callsOf('MutateRows')).toHaveLength(1);
  });

  it('reads the delay of any RetryInfo the generated encoder writes, and ignores other details', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (ms) => {
        const metadata = {
          get: (k: string) => (k === 'grpc-status-details-bin' ? [statusDetailsBin(8, 'x', ms)] : []),
        };
        expect(retryDelayOf({ code: 8, metadata })).toBeCloseTo(ms, 6);
      }),
    );
    const other = rpcTypes
      .Status!.encode(
        rpcTypes.Status!.fromObject({
          code: 8,
          details: [
            { type_url: 'type.googleapis.com/google.rpc.ErrorInfo', value: Buffer.from([10, 1, 120]) },
          ],
        }),
      )
      .finish();
    expect(retryDelayOf({ code: 8, metadata: { get: () => [Buffer.from(other)] } })).toBeUndefined();
    expect(retryDelayOf({ code: 8, metadata: { get: () => [Buffer.from([0xff])] } })).toBeUndefined();
    expect(retryDelayOf({ code: 8 })).toBeUndefined();
  });
});
