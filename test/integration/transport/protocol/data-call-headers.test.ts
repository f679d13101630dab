import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAndMutateRow } from '../../../../src/transport/check-and-mutate-row.js';
import type { FeatureFlags } from '../../../../src/transport/feature-flags.js';
import { IMPLEMENTED_FEATURES, encodeFeatureFlags } from '../../../../src/transport/feature-flags.js';
import { mutateRow } from '../../../../src/transport/mutate-row.js';
import { mutateRows } from '../../../../src/transport/mutate-rows.js';
import { readModifyWriteRow } from '../../../../src/transport/read-modify-write-row.js';
import { readRows } from '../../../../src/transport/read-rows.js';
import { sampleRowKeys } from '../../../../src/transport/sample-row-keys.js';
import type { MockMethod } from '../../../support/mock-bigtable-server.js';
import { v2Types } from '../../../support/mock-bigtable-server.js';

import type { BigtableConnection } from '../../../../src/transport/bigtable-connection.js';
import { useMockBigtableServer } from '../../../support/use-mock-bigtable-server.js';
/**
 * The headers of every data call, as the mock server receives them: `bigtable-features` declares exactly the
 * features the library implements.
 */
const { server, connection } = useMockBigtableServer();

const key = Buffer.from('k');

/** One call of each data RPC, each answered by the server's default (an empty OK). */
const DATA_CALLS: readonly (readonly [MockMethod, (c: BigtableConnection) => Promise<unknown>])[] = [
  [
    'ReadRows',
    async (c) => {
      for await (const _ of readRows(c, 't', {})) void _;
    },
  ],
  [
    'ReadRows',
    async (c) => {
      for await (const _ of readRows(c, 't', { reversed: true })) void _;
    },
  ],
  ['MutateRow', (c) => mutateRow(c, 't', key, [{ kind: 'deleteFromRow' }])],
  [
    'MutateRows',
    async (c) => {
      server().script('MutateRows', [[{ response: { entries: [{ index: 0, status: { code: 0 } }] } }]]);
      return mutateRows(c, 't', [{ rowKey: key, mutations: [{ kind: 'deleteFromRow' }] }]);
    },
  ],
  ['CheckAndMutateRow', (c) => checkAndMutateRow(c, 't', key, { onNoMatch: [{ kind: 'deleteFromRow' }] })],
  [
    'ReadModifyWriteRow',
    (c) =>
      readModifyWriteRow(c, 't', key, [
        { kind: 'increment', family: 'f', qualifier: Buffer.from('n'), by: 1n },
      ]),
  ],
  ['SampleRowKeys', (c) => sampleRowKeys(c, 't')],
];

function decodeFlags(header: unknown): Record<string, unknown> {
  const base64 = String(header).replace(/-/g, '+').replace(/_/g, '/');
  const type = v2Types.FeatureFlags!;
  return type.toObject(type.decode(Buffer.from(base64, 'base64')), {});
}

describe('bigtable-features on every data call', () => {
  it.each(DATA_CALLS.map(([method, call], i) => [`${method} #${i}`, method, call] as const))(
    '%s declares exactly the implemented features',
    async (_name, method, call) => {
      await call(connection());
      const calls = server().callsOf(method);
      expect(calls).toHaveLength(1);
      expect(decodeFlags(calls[0]!.metadata['bigtable-features'])).toEqual(IMPLEMENTED_FEATURES);
    },
  );

  it('declares reverse scans (the server refuses reversed reads otherwise) and nothing it does not implement', () => {
    expect(IMPLEMENTED_FEATURES.reverseScans).toBe(true);
    expect(IMPLEMENTED_FEATURES.clientSideMetricsEnabled).toBeUndefined();
  });

  it('encodes any set of flags as the generated encoder does (base64url, padded)', () => {
    const names = [
      'reverseScans',
      'mutateRowsRateLimit',
      'mutateRowsRateLimit2',
      'lastScannedRowResponses',
      'routingCookie',
      'retryInfo',
      'clientSideMetricsEnabled',
    ] as const;
    fc.assert(
      fc.property(fc.subarray([...names]), (chosen) => {
        const flags: FeatureFlags = Object.fromEntries(chosen.map((n) => [n, true]));
        const type = v2Types.FeatureFlags!;
        const theirs = Buffer.from(type.encode(type.fromObject(flags)).finish())
          .toString('base64')
          .replace(/\+/g, '-')
          .replace(/\//g, '_');
        expect(encodeFeatureFlags(flags)).toBe(theirs);
      }),
    );
    expect(encodeFeatureFlags({ reverseScans: true })).toBe('CAE=');
  });
});
