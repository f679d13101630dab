import { describe, expect, it } from 'vitest';
import { readRows } from '../../../src/transport/read-rows.js';
import { v2Types } from '../../support/mock-bigtable-server.js';
import { clientsTestHarness } from './clients-test-support.js';

/**
 * googleapis/cloud-bigtable-clients-test `tests/feature_gap_test.go`: with `--enable_features_all` it requires
 * every bool of the FeatureFlags a ReadRow sends to be true. The library declares only what it implements, so
 * this re-enactment checks that exact set and lists the flags it leaves false (docs/transport.md says why).
 */
const { server, connection } = clientsTestHarness();

describe('clients-test feature_gap_test.go', () => {
  it('TestFeatureGap (differs: only implemented features are declared)', async () => {
    for await (const _ of readRows(connection(), 'table', {
      rows: { rowKeys: [Buffer.from('row-01')], rowRanges: [] },
    }))
      void _;
    const header = String(server().callsOf('ReadRows')[0]!.metadata['bigtable-features']);
    const type = v2Types.FeatureFlags!;
    const flags = type.toObject(type.decode(Buffer.from(header, 'base64url')), { defaults: true });
    const off = Object.entries(flags)
      .filter(([, value]) => value === false)
      .map(([name]) => name)
      .sort();
    expect(off).toEqual([
      'clientSideMetricsEnabled',
      'directAccessRequested',
      'peerInfo',
      'sessionsCompatible',
      'sessionsRequired',
      'trafficDirectorEnabled',
    ]);
  });
});
