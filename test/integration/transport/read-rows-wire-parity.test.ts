import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRows } from '../../../src/transport/read-rows.js';
import type { RecordedCall } from '../../support/mock-bigtable-server.js';
import { MockBigtableServer } from '../../support/mock-bigtable-server.js';
import { generatedDataClient } from '../../support/generated-data-client.js';

/**
 * `readRows` skips the generated client's ReadRows wrapper (it decodes response bytes itself), so it must send
 * exactly what the generated client sends: the same request bytes and the routing header Google's front end routes
 * by. Both talk here to the mock server (test/support), which records what arrives (production can't be reached from tests; the
 * emulator ignores headers).
 */
let server: MockBigtableServer;

beforeAll(async () => {
  server = await MockBigtableServer.start();
});

afterAll(() => {
  server.stop();
});

describe('readRows on the wire, against the generated client', () => {
  it.each([
    ['no app profile', undefined],
    ['an app profile', 'batch-profile'],
  ])('sends the same request bytes and routing header (%s)', async (_name, appProfileId) => {
    server.reset();
    const generated = generatedDataClient(server.port);
    const connection = server.connect(appProfileId === undefined ? {} : { appProfileId });
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
      expect(server.calls).toHaveLength(2);
      const [theirs, ours] = server.calls as [RecordedCall, RecordedCall];
      expect(ours.bytes.equals(theirs.bytes)).toBe(true);
      // The default profile is named too (empty), as Google's Java and Go clients send it; the generated Node
      // client leaves it out.
      expect(ours.metadata['x-goog-request-params']).toBe(
        appProfileId === undefined
          ? `${String(theirs.metadata['x-goog-request-params'])}&app_profile_id=`
          : theirs.metadata['x-goog-request-params'],
      );
      expect(String(ours.metadata['x-goog-request-params'])).toContain(
        'table_name=projects%2Fp%2Finstances%2Fi',
      );
      expect(ours.metadata['x-goog-api-client']).toEqual(expect.stringMatching(/^gl-node\//));
    } finally {
      await generated.close();
      await connection.close();
    }
  });
});
