import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 } from '@google-cloud/bigtable';
import { grpc } from 'google-gax';
import { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { readRows } from '../../../src/transport/read-rows.js';

/**
 * `readRows` skips the generated client's ReadRows wrapper (it decodes response bytes itself), so it must send
 * exactly what the generated client sends: the same request bytes and the routing header Google's front end routes
 * by. Both talk here to one gRPC server that records what arrives (production can't be reached from tests; the
 * emulator ignores headers).
 */
interface Received {
  readonly request: Buffer;
  readonly headers: Record<string, unknown>;
}

const received: Received[] = [];
const server = new grpc.Server();
let port = 0;

beforeAll(async () => {
  server.register(
    '/google.bigtable.v2.Bigtable/ReadRows',
    (call: grpc.ServerWritableStream<Buffer, Buffer>) => {
      received.push({ request: call.request, headers: call.metadata.getMap() });
      call.end();
    },
    (bytes: Buffer) => bytes,
    (bytes: Buffer) => bytes,
    'serverStream',
  );
  port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
});

afterAll(() => {
  server.forceShutdown();
});

describe('readRows on the wire, against the generated client', () => {
  it.each([
    ['no app profile', undefined],
    ['an app profile', 'batch-profile'],
  ])('sends the same request bytes and routing header (%s)', async (_name, appProfileId) => {
    received.length = 0;
    const generated = new v2.BigtableClient({
      servicePath: '127.0.0.1',
      port,
      projectId: 'p',
      sslCreds: grpc.credentials.createInsecure(),
      universeDomain: 'googleapis.com',
    } as ConstructorParameters<typeof v2.BigtableClient>[0]);
    const connection = BigtableConnection.connect({
      projectId: 'p',
      instanceId: 'i',
      emulatorHost: `127.0.0.1:${port}`,
      ...(appProfileId === undefined ? {} : { appProfileId }),
    });
    try {
      const request = {
        rows: { rowKeys: [Buffer.from('a'), Buffer.from('b\u0000')], rowRanges: [] },
        filter: { cellsPerColumnLimit: 1 },
        rowsLimit: 5n,
      };
      for await (const _ of generated.readRows({
        tableName: connection.tablePath('t'),
        ...(appProfileId === undefined ? {} : { appProfileId }),
        rows: { rowKeys: request.rows.rowKeys },
        filter: { cellsPerColumnLimitFilter: 1 },
        rowsLimit: '5',
      }))
        void _;
      for await (const _ of readRows(connection, 't', request)) void _;
      expect(received).toHaveLength(2);
      const [theirs, ours] = received as [Received, Received];
      expect(ours.request.equals(theirs.request)).toBe(true);
      expect(ours.headers['x-goog-request-params']).toBe(theirs.headers['x-goog-request-params']);
      expect(String(ours.headers['x-goog-request-params'])).toContain(
        'table_name=projects%2Fp%2Finstances%2Fi',
      );
      expect(ours.headers['x-goog-api-client']).toEqual(expect.stringMatching(/^gl-node\//));
    } finally {
      await generated.close();
      await connection.close();
    }
  });
});
