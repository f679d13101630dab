import { describe, expect, it } from 'vitest';
import type { Histogram, MetricData } from '@opentelemetry/sdk-metrics';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { Mapper } from '../../../src/index.js';
import {
  BUILTIN_CLIENT_NAME,
  BUILTIN_CLIENT_UID,
  BUILTIN_METRIC_PREFIX,
} from '../../../src/observe/builtin-metrics.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { committedRowResponse, v2Types } from '../../support/mock-bigtable-server.js';
import { useMockBigtableServer } from '../../support/use-mock-bigtable-server.js';
import { sumOf, useOpenTelemetry } from '../../support/use-open-telemetry.js';
import { Mocked } from './mocked-entity.js';

@Entity({ table: 'builtin_metered' })
@Family('d')
class Metered {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) color!: string;
}

/** A serialized `google.bigtable.v2.ResponseParams`, as the service sends it in `x-goog-ext-425905942-bin`. */
function responseParams(cluster: string, zone: string): Buffer {
  const type = v2Types.ResponseParams!;
  return Buffer.from(type.encode(type.fromObject({ clusterId: cluster, zoneId: zone })).finish());
}

function located(durMs: number): Record<string, string | Buffer> {
  return {
    'server-timing': `gfet4t7; dur=${durMs}`,
    'x-goog-ext-425905942-bin': responseParams('c1', 'us-east1-b'),
  };
}

function decodeFlags(header: unknown): Record<string, unknown> {
  const type = v2Types.FeatureFlags!;
  const bytes = Buffer.from(String(header).replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return type.toObject(type.decode(bytes), {});
}

/** Google's client-side metrics are recorded only when asked for. */
const BUILTIN = { builtinMetrics: true } as const;

const metric = (all: Map<string, MetricData>, name: string): MetricData | undefined =>
  all.get(BUILTIN_METRIC_PREFIX + name);

/** The values a histogram recorded (its sum and count per data point matching `match`). */
function histogram(data: MetricData | undefined, match: Record<string, unknown> = {}): Histogram[] {
  return (data?.dataPoints ?? [])
    .filter((p) => Object.entries(match).every(([k, v]) => p.attributes[k] === v))
    .map((p) => p.value as Histogram);
}

/**
 * Google's client-side ("built-in") metrics as OpenTelemetry instruments: values and attributes after a known
 * workload, against the mock server (which sends the server-timing and ResponseParams headers the service sends)
 * and against the emulator (which sends neither); the `client_side_metrics_enabled` feature flag declared exactly
 * when they are recorded.
 */
describe('built-in metrics', () => {
  const telemetry = useOpenTelemetry();

  describe('against the mock server', () => {
    const { server, connection, profiled } = useMockBigtableServer();

    it('measure a retried read: operation, attempts, retries, server latency, first response, location', async () => {
      server().script('ReadRows', [
        [{ headers: located(12) }, { error: { code: 14 } }],
        [{ headers: located(34) }, { response: committedRowResponse('secret-key') }],
      ]);
      const mapper = new Mapper(profiled(), { retry: { initialBackoffMs: 1 }, observe: BUILTIN });
      expect(await mapper.repository(Mocked).get({ id: 'secret-key' })).toBeDefined();

      const all = await telemetry.collect();
      const operations = metric(all, 'operation_latencies')!;
      expect(operations.descriptor.unit).toBe('ms');
      expect(operations.dataPoints).toHaveLength(1);
      expect(operations.dataPoints[0]!.attributes).toEqual({
        project_id: 'p',
        instance: 'i',
        table: 'mocked',
        cluster: 'c1',
        zone: 'us-east1-b',
        app_profile: 'test_profile',
        method: 'Bigtable.ReadRows',
        status: 'OK',
        streaming: 'true',
        client_name: BUILTIN_CLIENT_NAME,
        client_uid: BUILTIN_CLIENT_UID,
      });
      const attempts = metric(all, 'attempt_latencies');
      expect(histogram(attempts, { status: 'UNAVAILABLE' }).map((h) => h.count)).toEqual([1]);
      expect(histogram(attempts, { status: 'OK' }).map((h) => h.count)).toEqual([1]);
      expect(sumOf(metric(all, 'retry_count'), { method: 'Bigtable.ReadRows' })).toBe(1);
      expect(metric(all, 'retry_count')!.dataPoints[0]!.attributes).not.toHaveProperty('streaming');
      const server_ = histogram(metric(all, 'server_latencies'));
      expect(server_.reduce((n, h) => n + h.count, 0)).toBe(2);
      expect(server_.reduce((n, h) => n + (h.sum ?? 0), 0)).toBe(46);
      expect(histogram(metric(all, 'first_response_latencies')).map((h) => h.count)).toEqual([1]);
      expect(sumOf(metric(all, 'connectivity_error_count'))).toBe(0);
      // Low cardinality: no attribute holds the row key.
      expect(JSON.stringify([...all.values()].map((m) => m.dataPoints.map((p) => p.attributes)))).not.toMatch(
        /secret-key/,
      );
    });

    it('count an attempt whose response has no server-timing header as a connectivity error', async () => {
      server().script('ReadRows', [[{ headers: {} }, { response: committedRowResponse('a') }]]);
      const mapper = new Mapper(connection(), { observe: BUILTIN });
      await mapper.repository(Mocked).get({ id: 'a' });
      const all = await telemetry.collect();
      expect(sumOf(metric(all, 'connectivity_error_count'))).toBe(1);
      expect(metric(all, 'connectivity_error_count')!.dataPoints[0]!.attributes).toMatchObject({
        method: 'Bigtable.ReadRows',
        status: 'OK',
        cluster: 'unspecified',
        zone: 'global',
        app_profile: '',
      });
      expect(metric(all, 'server_latencies')).toBeUndefined();
    });

    it('measure a failed unary write, with the location and server latency of its trailers', async () => {
      server().script('MutateRow', [[{ error: { code: 14, trailers: located(5) } }]]);
      const mapper = new Mapper(connection(), { retry: { initialBackoffMs: 1 }, observe: BUILTIN });
      // UNAVAILABLE after a write was sent: its outcome is unknown, and it is never re-sent.
      await expect(
        mapper.repository(Mocked).save(Object.assign(new Mocked(), { id: 'a', col: 'v' })),
      ).rejects.toThrow();
      const all = await telemetry.collect();
      expect(sumOf(metric(all, 'retry_count'), { method: 'Bigtable.MutateRow', status: 'UNAVAILABLE' })).toBe(
        0,
      );
      expect(
        histogram(metric(all, 'operation_latencies'), {
          method: 'Bigtable.MutateRow',
          status: 'UNAVAILABLE',
        }),
      ).toHaveLength(1);
      expect(
        histogram(metric(all, 'attempt_latencies'), {
          method: 'Bigtable.MutateRow',
          status: 'UNAVAILABLE',
          streaming: 'false',
          cluster: 'c1',
        }).map((h) => h.count),
      ).toEqual([1]);
      expect(histogram(metric(all, 'server_latencies')).map((h) => h.sum)).toEqual([5]);
      // The unary path declares the metrics too.
      const [sent] = server().callsOf('MutateRow');
      expect(decodeFlags(sent!.metadata['bigtable-features']).clientSideMetricsEnabled).toBe(true);
      expect(metric(all, 'first_response_latencies')).toBeUndefined();
    });

    it("measure the application's time with the rows of a scan as application_latencies", async () => {
      server().script('ReadRows', [
        [
          { response: committedRowResponse('a') },
          { response: committedRowResponse('b') },
          { response: committedRowResponse('c') },
        ],
      ]);
      const mapper = new Mapper(connection(), { observe: BUILTIN });
      const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
      let seen = 0;
      for await (const _ of mapper.repository(Mocked).find().allowScan()) {
        seen++;
        await pause(30);
      }
      expect(seen).toBe(3);
      const all = await telemetry.collect();
      const held = histogram(metric(all, 'application_latencies'), { method: 'Bigtable.ReadRows' });
      expect(held.map((h) => h.count)).toEqual([1]);
      // At least the waits after the first two rows: the last may come after the stream ended.
      expect(held[0]!.sum).toBeGreaterThanOrEqual(55);
      expect(metric(all, 'application_latencies')!.dataPoints[0]!.attributes).not.toHaveProperty('status');
    });

    it('declare client_side_metrics_enabled only on the calls they are recorded for', async () => {
      server().script('ReadRows', () => [{ response: committedRowResponse('a') }]);
      await new Mapper(connection(), { observe: BUILTIN }).repository(Mocked).get({ id: 'a' });
      await new Mapper(connection(), { observe: { metrics: false } }).repository(Mocked).get({ id: 'a' });
      for await (const _ of readRows(connection(), 't', {})) void _;
      await telemetry.collect();
      // A mapper that did not ask for them records none, and does not declare them, with metrics on.
      await new Mapper(connection()).repository(Mocked).get({ id: 'a' });
      const all = await telemetry.collect();
      expect([...all.keys()].filter((name) => name.includes('internal/client'))).toEqual([]);
      expect(sumOf(all.get('bigtable_mapper.attempts'))).toBe(1);
      const flags = server()
        .callsOf('ReadRows')
        .map((c) => decodeFlags(c.metadata['bigtable-features']).clientSideMetricsEnabled === true);
      // On with a meter provider registered; off when the mapper's metrics are off, for an unobserved call, and for a
      // mapper that did not ask for them.
      expect(flags).toEqual([true, false, false, false]);
    });
  });

  describe('against the emulator', () => {
    const mapper = useMapper([Metered], { observe: BUILTIN });

    it('measure a known workload per RPC, with no row key in any attribute', async () => {
      const items = mapper().repository(Metered);
      const make = (id: string, color: string): Metered => Object.assign(new Metered(), { id, color });
      await items.saveMany([make('row-1', 'crimson'), make('row-2', 'azure')]);
      await items.get({ id: 'row-1' });
      await items.get({ id: 'row-2' });
      const all = await telemetry.collect();
      const operations = metric(all, 'operation_latencies')!;
      expect(histogram(operations, { method: 'Bigtable.ReadRows', status: 'OK' })[0]?.count).toBe(2);
      expect(
        histogram(operations, { method: 'Bigtable.MutateRows', status: 'OK', streaming: 'true' })[0]?.count,
      ).toBe(1);
      for (const point of operations.dataPoints)
        expect(point.attributes).toMatchObject({
          project_id: mapper().connection.projectId,
          instance: mapper().connection.instanceId,
          table: items.tableId,
          client_name: BUILTIN_CLIENT_NAME,
        });
      expect(sumOf(metric(all, 'retry_count'))).toBe(0);
      expect(histogram(metric(all, 'first_response_latencies'))[0]?.count).toBe(2);
      // The emulator sends no server-timing header: no server latency, and each streamed attempt counts as one
      // that did not reach Google's network (as Google's clients count it).
      expect(metric(all, 'server_latencies')).toBeUndefined();
      expect(sumOf(metric(all, 'connectivity_error_count'))).toBe(3);
      const dump = JSON.stringify([...all.values()].map((m) => m.dataPoints.map((p) => p.attributes)));
      expect(dump).not.toMatch(/row-1|row-2|crimson|azure/);
    });
  });
});
