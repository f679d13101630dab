import { describe, expect, it } from 'vitest';
import { ConnectionClosedError } from '../../../src/errors/connection-closed-error.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { sampleRowKeys } from '../../../src/transport/sample-row-keys.js';
import type { MockStep } from '../../support/mock-bigtable-server.js';
import {
  FAST_RETRY,
  clientsTestHarness,
  expectDeadline,
  closeClientScenario,
  expectRoutingHeader,
  text,
  within,
} from './clients-test-support.js';

/** googleapis/cloud-bigtable-clients-test `tests/samplerowkeys_test.go`, re-enacted against the mock server. */
const { server, connection, profiled } = clientsTestHarness();

const sample = (key: string, offsetBytes: number): MockStep => ({
  response: { rowKey: Buffer.from(key), offsetBytes: String(offsetBytes) },
});
const samples = (conn: BigtableConnection = connection(), timeoutMs?: number) =>
  sampleRowKeys(conn, 'table', { ...FAST_RETRY, ...(timeoutMs === undefined ? {} : { timeoutMs }) });

describe('clients-test samplerowkeys_test.go', () => {
  it('TestSampleRowKeys_Generic_Headers', async () => {
    await samples(profiled());
    expectRoutingHeader(server().callsOf('SampleRowKeys')[0]!.metadata, 'test_profile');
  });

  it('TestSampleRowKeys_NoRetry_NoEmptyKey', async () => {
    server().script('SampleRowKeys', [[sample('row-31', 30), sample('row-98', 65)]]);
    const result = await samples();
    expect(result.map((s) => [text(s.key), s.offsetBytes])).toEqual([
      ['row-31', 30n],
      ['row-98', 65n],
    ]);
    expect(server().callsOf('SampleRowKeys')[0]!.request.tableName).toBe(
      'projects/p/instances/i/tables/table',
    );
  });

  it('TestSampleRowKeys_Generic_MultiStreams', async () => {
    server().script('SampleRowKeys', [[{ delayMs: 300 }, sample('row-31', 30)]]);
    const results = await Promise.all([0, 1, 2, 3, 4].map(() => samples()));
    expect(results.every((r) => r.length === 1)).toBe(true);
    expect(
      within(
        server()
          .callsOf('SampleRowKeys')
          .map((c) => c.at),
        1000,
      ),
    ).toBe(true);
  });

  it('TestSampleRowKeys_Generic_CloseClient (in-flight calls end as cancelled, later ones are never sent)', async () => {
    server().script('SampleRowKeys', [[{ delayMs: 2_000 }, sample('row-31', 30)]]);
    const inFlight = await closeClientScenario(server(), 'SampleRowKeys', (c) => samples(c));
    for (const result of inFlight) expect(result).toBeInstanceOf(ConnectionClosedError);
  });

  it('TestSampleRowKeys_Generic_DeadlineExceeded (2 s → 1 s timeout, 10 s → 5 s server delay)', async () => {
    server().script('SampleRowKeys', [[{ delayMs: 5_000 }, sample('row-31', 30), sample('row-98', 65)]]);
    const started = Date.now();
    const error = await samples(connection(), 1_000).catch((e: unknown) => e);
    const took = Date.now() - started;
    expectDeadline(error, false);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4_000);
  });

  it('TestSampleRowKeys_Retry_WithRoutingCookie', async () => {
    server().script('SampleRowKeys', [
      [{ error: { code: 14, trailers: { 'x-goog-cbt-cookie-test': 'test-cookie' } } }],
      [sample('row-31', 30)],
    ]);
    const result = await samples();
    expect(result.map((s) => text(s.key))).toEqual(['row-31']);
    const [first, retry] = server().callsOf('SampleRowKeys');
    expect(first!.metadata['x-goog-cbt-cookie-test']).toBeUndefined();
    expect(retry!.metadata['x-goog-cbt-cookie-test']).toBe('test-cookie');
  });

  it('TestSampleRowKeys_Retry_WithRetryInfo', async () => {
    server().script('SampleRowKeys', [
      [{ error: { code: 14, retryDelayMs: 2_000 } }],
      [sample('row-31', 30)],
    ]);
    expect(await samples()).toHaveLength(1);
    const [first, retry] = server().callsOf('SampleRowKeys');
    expect(retry!.at - first!.at).toBeGreaterThanOrEqual(1_900);
  });
});
