import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransportError } from '../../../src/errors/transport-error.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { readRows } from '../../../src/transport/read-rows.js';
import {
  MockBigtableServer,
  committedRowResponse,
  rpcTypes,
  statusDetailsBin,
} from '../../support/mock-bigtable-server.js';

/** The mock server itself: it plays its script, per call, and records what arrived. */
let server: MockBigtableServer;
beforeAll(async () => {
  server = await MockBigtableServer.start();
});
afterAll(() => server.stop());

const row = (key: string): Record<string, unknown> => committedRowResponse(key);

describe('MockBigtableServer', () => {
  it('plays one script per call and records each request with its metadata', async () => {
    server.reset();
    server.script('ReadRows', [
      [{ response: row('a') }, { error: { code: 14, message: 'try again' } }],
      [{ response: row('b') }],
    ]);
    const connection = server.connect();
    try {
      const keys: string[] = [];
      for await (const r of readRows(connection, 't', {}, { retry: { initialBackoffMs: 1 } }))
        keys.push(Buffer.from(r.key).toString());
      expect(keys).toEqual(['a', 'b']);
      const calls = server.callsOf('ReadRows');
      expect(calls.map((c) => c.nth)).toEqual([0, 1]);
      expect(calls[0]!.request.tableName).toBe('projects/p/instances/i/tables/t');
      // The retry resumes after 'a': the request was decoded by the generated type.
      const ranges = (calls[1]!.request.rows as { rowRanges: { startKeyOpen: Buffer }[] }).rowRanges;
      expect(Buffer.from(ranges[0]!.startKeyOpen).toString()).toBe('a');
      expect(calls[0]!.metadata['x-goog-request-params']).toContain('table_name=');
    } finally {
      await connection.close();
    }
  });

  it('ends a unary call with a status, its details and trailers', async () => {
    server.reset();
    server.script('MutateRow', [[{ error: { code: 3, message: 'bad', trailers: { 'x-extra': 'yes' } } }]]);
    const connection = server.connect();
    try {
      const error = await mutateRow(connection, 't', Buffer.from('k'), [{ kind: 'deleteFromRow' }]).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TransportError);
      expect((error as TransportError).grpcCode).toBe(3);
      const cause = (error as TransportError).cause as { metadata: { get(k: string): unknown[] } };
      expect(cause.metadata.get('x-extra')).toEqual(['yes']);
      expect(server.callsOf('MutateRow')).toHaveLength(1);
    } finally {
      await connection.close();
    }
  });

  it('encodes a RetryInfo into google.rpc.Status bytes', () => {
    const status = rpcTypes.Status!.toObject(
      rpcTypes.Status!.decode(statusDetailsBin(8, 'slow down', 1500)),
      {
        longs: Number,
      },
    ) as { code: number; details: { type_url: string; value: Uint8Array }[] };
    expect(status.code).toBe(8);
    expect(status.details[0]!.type_url).toBe('type.googleapis.com/google.rpc.RetryInfo');
    const info = rpcTypes.RetryInfo!.toObject(rpcTypes.RetryInfo!.decode(status.details[0]!.value), {
      longs: Number,
    });
    expect(info).toEqual({ retryDelay: { seconds: 1, nanos: 500_000_000 } });
  });
});
