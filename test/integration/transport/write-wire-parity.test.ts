import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { checkAndMutateRow } from '../../../src/transport/check-and-mutate-row.js';
import { dataCallHeaders } from '../../../src/transport/data-call-headers.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import { readModifyWriteRow } from '../../../src/transport/read-modify-write-row.js';
import type { MockMethod, RecordedCall } from '../../support/mock-bigtable-server.js';
import { MockBigtableServer } from '../../support/mock-bigtable-server.js';
import { generatedDataClient } from '../../support/generated-data-client.js';
import type { GeneratedDataClient } from '../../support/generated-data-client.js';

/**
 * The writes (MutateRows and the unary MutateRow, CheckAndMutateRow, ReadModifyWriteRow) are sent on the data
 * client's gRPC stub, not through the generated client's methods (gax's layers cost a MutateRow about a third of its
 * client CPU), so they
 * must send exactly what the generated client sends for the same request: the same bytes, the same routing header
 * and the same feature flags.
 */
let server: MockBigtableServer;

beforeAll(async () => {
  server = await MockBigtableServer.start();
});

afterAll(() => {
  server.stop();
});

const key = Buffer.from('k\u0000\u00ff');
const qualifier = Buffer.from('q');

type Case = readonly [
  MockMethod,
  (generated: GeneratedDataClient, c: BigtableConnection, options: object) => Promise<unknown>,
  (c: BigtableConnection, appProfileId: string | undefined) => Promise<unknown>,
];

const profile = (p: string | undefined): { appProfileId?: string } =>
  p === undefined ? {} : { appProfileId: p };
/** The library names the app profile in every request, the default one too (empty). */
const named = (p: string | undefined): { appProfileId: string } => ({ appProfileId: p ?? '' });

const CASES: readonly Case[] = [
  [
    'MutateRows',
    async (g, c, o) => {
      const stream = g.mutateRows(
        {
          tableName: c.tablePath('t'),
          ...o,
          entries: [
            {
              rowKey: key,
              mutations: [
                {
                  setCell: {
                    familyName: 'f',
                    columnQualifier: qualifier,
                    timestampMicros: '1000',
                    value: key,
                  },
                },
              ],
            },
          ],
        },
        { otherArgs: { headers: dataCallHeaders() } },
      );
      for await (const _ of stream) void _;
    },
    (c, p) =>
      mutateRows(
        c,
        't',
        [
          {
            rowKey: key,
            mutations: [{ kind: 'setCell', family: 'f', qualifier, timestampMicros: 1000n, value: key }],
          },
        ],
        profile(p),
      ),
  ],
  [
    'MutateRow',
    (g, c, o) =>
      g.mutateRow(
        {
          tableName: c.tablePath('t'),
          ...o,
          rowKey: key,
          mutations: [
            { deleteFromColumn: { familyName: 'f', columnQualifier: qualifier } },
            { setCell: { familyName: 'f', columnQualifier: qualifier, timestampMicros: '1000', value: key } },
          ],
        },
        { otherArgs: { headers: dataCallHeaders() } },
      ),
    (c, p) =>
      mutateRow(
        c,
        't',
        key,
        [
          { kind: 'deleteFromColumn', family: 'f', qualifier },
          { kind: 'setCell', family: 'f', qualifier, timestampMicros: 1000n, value: key },
        ],
        profile(p),
      ),
  ],
  [
    'CheckAndMutateRow',
    (g, c, o) =>
      g.checkAndMutateRow(
        {
          tableName: c.tablePath('t'),
          ...o,
          rowKey: key,
          predicateFilter: { familyNameRegexFilter: 'f' },
          trueMutations: [{ deleteFromRow: {} }],
          falseMutations: [],
        },
        { otherArgs: { headers: dataCallHeaders() } },
      ),
    (c, p) =>
      checkAndMutateRow(
        c,
        't',
        key,
        { predicate: { familyNameRegex: 'f' }, onMatch: [{ kind: 'deleteFromRow' }] },
        profile(p),
      ),
  ],
  [
    'ReadModifyWriteRow',
    (g, c, o) =>
      g.readModifyWriteRow(
        {
          tableName: c.tablePath('t'),
          ...o,
          rowKey: key,
          rules: [{ familyName: 'f', columnQualifier: qualifier, incrementAmount: '7' }],
        },
        { otherArgs: { headers: dataCallHeaders() } },
      ),
    (c, p) =>
      readModifyWriteRow(c, 't', key, [{ kind: 'increment', family: 'f', qualifier, by: 7n }], profile(p)),
  ],
];

describe('writes on the wire, against the generated client', () => {
  for (const [method, theirsCall, oursCall] of CASES) {
    it.each([
      ['no app profile', undefined],
      ['an app profile', 'batch-profile'],
    ])(
      `${method}: the same request bytes, routing header and feature flags (%s)`,
      async (_name, appProfileId) => {
        server.reset();
        server.script('MutateRows', () => [{ response: { entries: [{ index: 0, status: { code: 0 } }] } }]);
        const generated = generatedDataClient(server.port);
        const connection = server.connect(appProfileId === undefined ? {} : { appProfileId });
        try {
          await theirsCall(generated, connection, named(appProfileId));
          await oursCall(connection, undefined);
          const calls = server.callsOf(method);
          expect(calls).toHaveLength(2);
          const [theirs, ours] = calls as [RecordedCall, RecordedCall];
          expect(ours.request).toEqual(theirs.request);
          expect(ours.bytes.equals(theirs.bytes)).toBe(true);
          // The request names the profile, the default one too (empty), so the routing header does as well.
          expect(ours.metadata['x-goog-request-params']).toBe(theirs.metadata['x-goog-request-params']);
          expect(ours.metadata['x-goog-request-params']).toBe(
            `table_name=projects%2Fp%2Finstances%2Fi%2Ftables%2Ft&app_profile_id=${appProfileId ?? ''}`,
          );
          expect(ours.metadata['bigtable-features']).toBe(theirs.metadata['bigtable-features']);
          expect(ours.metadata['x-goog-api-client']).toEqual(expect.stringMatching(/^gl-node\//));
        } finally {
          await generated.close();
          await connection.close();
        }
      },
    );
  }
});
