import { describe, expect, it } from 'vitest';
import type { Histogram, MetricData } from '@opentelemetry/sdk-metrics';
import { Mapper } from '../../../src/index.js';
import { BUILTIN_CLIENT_UID, BUILTIN_METRIC_PREFIX } from '../../../src/observe/builtin-metrics.js';
import { CallObserver } from '../../../src/observe/call-observer.js';
import type { CallRecord } from '../../../src/observe/call-record.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { checkAndMutateRow } from '../../../src/transport/check-and-mutate-row.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import { observedEndpoint } from '../../../src/transport/observed-endpoint.js';
import { readModifyWriteRow } from '../../../src/transport/read-modify-write-row.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { sampleRowKeys } from '../../../src/transport/sample-row-keys.js';
import type { MockMethod, MockStep } from '../../support/mock-bigtable-server.js';
import { v2Types } from '../../support/mock-bigtable-server.js';
import { useMockBigtableServer } from '../../support/use-mock-bigtable-server.js';
import { sumOf, useOpenTelemetry } from '../../support/use-open-telemetry.js';
import { Gauge, RATE_LIMIT_SCRIPT, gaugesOf } from '../transport/protocol/rate-limit-run.js';

/**
 * Built-in metrics parity with Google's clients, against the mock server: the headers and trailers of every
 * attempt are read, also of a successful unary one (server latency, location); `app_profile` is the profile the
 * call ran under (a per-call override included); `throttling_latencies` measures MutateRows flow control's waits;
 * every point carries the process's `client_uid`.
 */
const telemetry = useOpenTelemetry();
const { server, connection: plain, profiled } = useMockBigtableServer({ profile: 'serving' });

function responseParams(cluster: string, zone: string): Buffer {
  const type = v2Types.ResponseParams!;
  return Buffer.from(type.encode(type.fromObject({ clusterId: cluster, zoneId: zone })).finish());
}

const located = (durMs: number): Record<string, string | Buffer> => ({
  'server-timing': `gfet4t7; dur=${durMs}`,
  'x-goog-ext-425905942-bin': responseParams('c1', 'us-east1-b'),
});

const metric = (all: Map<string, MetricData>, name: string): MetricData | undefined =>
  all.get(BUILTIN_METRIC_PREFIX + name);

function histograms(data: MetricData | undefined, match: Record<string, unknown>): Histogram[] {
  return (data?.dataPoints ?? [])
    .filter((p) => Object.entries(match).every(([k, v]) => p.attributes[k] === v))
    .map((p) => p.value as Histogram);
}

const key = Buffer.from('k');
const ok = { entries: [{ index: 0, status: { code: 0 } }] };
type Options = { record?: CallRecord; appProfileId?: string };
type Call = (c: BigtableConnection, options: Options) => Promise<unknown>;

/** Every data RPC, called through the transport with a record, and the response that answers it. */
const CALLS: readonly (readonly [MockMethod, Call, Record<string, unknown>])[] = [
  [
    'ReadRows',
    async (c, o) => {
      for await (const _ of readRows(c, 't', {}, o)) void _;
    },
    {},
  ],
  ['MutateRow', (c, o) => mutateRow(c, 't', key, [{ kind: 'deleteFromRow' }], o), {}],
  [
    'MutateRows',
    (c, o) => mutateRows(c, 't', [{ rowKey: key, mutations: [{ kind: 'deleteFromRow' }] }], o),
    ok,
  ],
  [
    'CheckAndMutateRow',
    (c, o) => checkAndMutateRow(c, 't', key, { onNoMatch: [{ kind: 'deleteFromRow' }] }, o),
    {},
  ],
  [
    'ReadModifyWriteRow',
    (c, o) =>
      readModifyWriteRow(c, 't', key, [{ kind: 'append', family: 'f', qualifier: key, value: key }], o),
    {},
  ],
  ['SampleRowKeys', (c, o) => sampleRowKeys(c, 't', o), {}],
];
const UNARY = CALLS.filter(([method]) => !['ReadRows', 'MutateRows'].includes(method));

/** Runs `call` as one observed public call (a record the built-in metrics measure). */
async function observed(connection: BigtableConnection, call: Call, options: Options = {}): Promise<void> {
  const observer = new CallObserver(observedEndpoint(connection), { builtinMetrics: true });
  const record = observer.begin({ operation: 'test', entity: undefined, table: 't' });
  expect(record?.builtin).toBeDefined();
  await call(connection, { ...options, record: record! });
  observer.end(record, undefined);
}

describe('built-in metrics parity', () => {
  it.each(UNARY)(
    'a successful %s attempt records the server latency and location of its response headers',
    async (method, call, response) => {
      server().script(method, [[{ headers: located(7) }, { response }]]);
      await observed(plain(), call);
      const all = await telemetry.collect();
      const rpc = `Bigtable.${method}`;
      expect(
        histograms(metric(all, 'server_latencies'), { method: rpc, status: 'OK' }).map((h) => h.sum),
      ).toEqual([7]);
      expect(
        histograms(metric(all, 'attempt_latencies'), {
          method: rpc,
          status: 'OK',
          cluster: 'c1',
          zone: 'us-east1-b',
        }).map((h) => h.count),
      ).toEqual([1]);
      expect(histograms(metric(all, 'operation_latencies'), { method: rpc, cluster: 'c1' })).toHaveLength(1);
      expect(sumOf(metric(all, 'connectivity_error_count'))).toBe(0);
    },
  );

  it.each(CALLS)(
    'a successful %s attempt reads its trailers (server-timing and ResponseParams sent there)',
    async (method, call, response) => {
      const trailers = located(11) as unknown as Record<string, string>; // the mock sends `-bin` ones as Buffers
      server().script(method, [[{ trailers }, { response }] as MockStep[]]);
      await observed(plain(), call);
      const all = await telemetry.collect();
      const rpc = `Bigtable.${method}`;
      expect(histograms(metric(all, 'server_latencies'), { method: rpc }).map((h) => h.sum)).toEqual([11]);
      expect(
        histograms(metric(all, 'operation_latencies'), { method: rpc, zone: 'us-east1-b' }),
      ).toHaveLength(1);
    },
  );

  it('a failed unary attempt reads the response headers sent before its error too', async () => {
    server().script('CheckAndMutateRow', [[{ headers: located(4) }, { error: { code: 9, message: 'no' } }]]);
    await expect(observed(plain(), CALLS[3]![1])).rejects.toThrow();
    const all = await telemetry.collect();
    const attributes = { method: 'Bigtable.CheckAndMutateRow', status: 'FAILED_PRECONDITION', cluster: 'c1' };
    expect(histograms(metric(all, 'server_latencies'), attributes).map((h) => h.sum)).toEqual([4]);
    expect(sumOf(metric(all, 'connectivity_error_count'))).toBe(0);
  });

  it('a successful unary attempt whose response had no server-timing counts as a connectivity error', async () => {
    server().script('MutateRow', [[{ headers: {} }, { response: {} }]]);
    await observed(plain(), CALLS[1]![1]);
    const all = await telemetry.collect();
    expect(
      sumOf(metric(all, 'connectivity_error_count'), { method: 'Bigtable.MutateRow', status: 'OK' }),
    ).toBe(1);
    expect(metric(all, 'server_latencies')).toBeUndefined();
  });

  it.each(CALLS)(
    "%s records the call's own app profile, else the connection's",
    async (method, call, response) => {
      server().script(method, [[{ response }]]);
      await observed(plain(), call, { appProfileId: 'batch-low' });
      await observed(profiled(), call, { appProfileId: 'batch-low' });
      await observed(profiled(), call);
      await observed(plain(), call);
      const all = await telemetry.collect();
      const profiles = (metric(all, 'operation_latencies')?.dataPoints ?? []).map((p) => [
        p.attributes.app_profile,
        (p.value as Histogram).count,
      ]);
      expect(profiles.sort()).toEqual([
        ['', 1],
        ['batch-low', 2],
        ['serving', 1],
      ]);
      // The request named the same profiles.
      expect(
        server()
          .callsOf(method)
          .map((c) => c.request.appProfileId ?? ''),
      ).toEqual(['batch-low', 'batch-low', 'serving', '']);
    },
  );

  it('a saveMany slowed by RateLimitInfo records its waits as throttling_latencies', async () => {
    server().script('MutateRows', RATE_LIMIT_SCRIPT);
    const mapper = new Mapper(plain(), {
      batchMaxBytes: 1,
      batchConcurrency: 1,
      observe: { builtinMetrics: true },
    });
    await mapper.repository(Gauge).saveMany(gaugesOf(50));
    const calls = server().callsOf('MutateRows');
    expect(calls).toHaveLength(50);
    const all = await telemetry.collect();
    const throttling = metric(all, 'throttling_latencies')!;
    expect(throttling.descriptor.unit).toBe('ms');
    const [point, ...others] = throttling.dataPoints;
    expect(others).toHaveLength(0);
    // One value per attempt (0 for those that did not wait), without status or streaming, as Google's clients.
    expect(point!.attributes).toMatchObject({
      method: 'Bigtable.MutateRows',
      table: 'gauges',
      app_profile: '',
    });
    expect(point!.attributes).not.toHaveProperty('status');
    expect(point!.attributes).not.toHaveProperty('streaming');
    const value = point!.value as Histogram;
    expect(value.count).toBe(50);
    // The slowed requests went out at least 30 ms apart (rate-limit-run.ts), nearly all of it spent waiting; the
    // waits are at most what the whole run took.
    expect(value.sum).toBeGreaterThanOrEqual(60);
    expect(value.sum).toBeLessThanOrEqual(calls[49]!.at - calls[0]!.at + 50);
    // The requests before the first hint never waited.
    expect(value.min).toBe(0);
  });

  it('an unthrottled MutateRows attempt records a throttling latency of 0; other RPCs record none', async () => {
    server().script('MutateRows', [[{ response: ok }]]);
    await observed(plain(), CALLS[2]![1]);
    await observed(plain(), CALLS[1]![1]);
    const all = await telemetry.collect();
    const throttling = metric(all, 'throttling_latencies')!;
    expect(throttling.dataPoints.map((p) => p.attributes.method)).toEqual(['Bigtable.MutateRows']);
    expect(throttling.dataPoints[0]!.value).toMatchObject({ count: 1, sum: 0 });
  });

  it("every point carries the process's client_uid", async () => {
    server().script('ReadRows', [[{ headers: located(3) }, { response: {} }]]);
    await observed(plain(), CALLS[0]![1]);
    await observed(plain(), CALLS[1]![1]);
    const all = await telemetry.collect();
    expect(BUILTIN_CLIENT_UID).toMatch(/^node-[0-9a-f-]{36}\d+@.+$/);
    const points = [...all.entries()]
      .filter(([name]) => name.startsWith(BUILTIN_METRIC_PREFIX))
      .flatMap(([, m]) => m.dataPoints.map((p) => p.attributes));
    expect(points.length).toBeGreaterThan(5);
    for (const attributes of points) expect(attributes.client_uid).toBe(BUILTIN_CLIENT_UID);
  });
});
