import { describe, expect, it } from 'vitest';
import type { Attributes, Histogram } from '@opentelemetry/api';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import type { HistogramMetricData, ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { CounterSums } from '../../../src/observe/counter-sums.js';
import { DeferredPoints } from '../../../src/observe/deferred-points.js';
import { CollectingReader } from '../../support/collecting-reader.js';

/** A histogram that only notes what it is handed: what the SDK would get, and when. */
function notingHistogram(): { histogram: Histogram; seen: Array<[number, Attributes | undefined]> } {
  const seen: Array<[number, Attributes | undefined]> = [];
  return { histogram: { record: (value, attributes) => seen.push([value, attributes]) }, seen };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A meter's duration histogram whose points are deferred and handed over when a reader collects (as CallMetrics). */
function deferredOn(provider: MeterProvider): { points: DeferredPoints; histogram: Histogram } {
  const meter = provider.getMeter('t');
  const points = new DeferredPoints();
  new CounterSums(meter, [{ name: 'c', unit: '1', description: 'C.' }], () => points.flush());
  return { points, histogram: meter.createHistogram('d', { unit: 's' }) };
}

function histogramOf(
  metrics: ResourceMetrics,
): Array<{ attributes: Attributes; count: number; sum: number }> {
  const data = metrics.scopeMetrics.flatMap((s) => s.metrics).find((m) => m.descriptor.name === 'd') as
    HistogramMetricData | undefined;
  return (data?.dataPoints ?? []).map((p) => ({
    attributes: p.attributes,
    count: p.value.count,
    sum: p.value.sum ?? Number.NaN,
  }));
}

describe('DeferredPoints', () => {
  it('hands nothing over inside the call, and a batch on the next turn of the event loop, in order', async () => {
    const { histogram, seen } = notingHistogram();
    const points = new DeferredPoints();
    const attributes = Array.from({ length: 64 }, (_, i) => ({ n: i }));
    for (let i = 0; i < 63; i++) points.record(histogram, i, attributes[i]!);
    await nextTurn();
    // Below a batch, points wait for a collection.
    expect(seen).toHaveLength(0);
    points.record(histogram, 63, attributes[63]!);
    expect(seen).toHaveLength(0);
    await nextTurn();
    expect(seen.map(([v]) => v)).toEqual(Array.from({ length: 64 }, (_, i) => i));
    // The caller's attribute objects themselves (the SDK keys them by content; nothing is copied on the way).
    seen.forEach(([, a], i) => expect(a).toBe(attributes[i]));
  });

  it('hands its points over at once when a loop that never yields fills it, and loses none', () => {
    const { histogram, seen } = notingHistogram();
    const points = new DeferredPoints();
    for (let i = 0; i < 1_024; i++) points.record(histogram, i, {});
    expect(seen).toHaveLength(0);
    points.record(histogram, 1_024, {});
    expect(seen.map(([v]) => v)).toEqual(Array.from({ length: 1_024 }, (_, i) => i));
    points.flush();
    expect(seen).toHaveLength(1_025);
    expect(seen[1_024]![0]).toBe(1_024);
    // Flushing twice hands nothing over twice.
    points.flush();
    expect(seen).toHaveLength(1_025);
  });

  it('keeps each point for the histogram it was recorded for', () => {
    const a = notingHistogram();
    const b = notingHistogram();
    const points = new DeferredPoints();
    points.record(a.histogram, 1, { x: 1 });
    points.record(b.histogram, 2, { x: 2 });
    points.record(a.histogram, 3, { x: 3 });
    points.flush();
    expect(a.seen).toEqual([
      [1, { x: 1 }],
      [3, { x: 3 }],
    ]);
    expect(b.seen).toEqual([[2, { x: 2 }]]);
  });

  it('puts every point recorded before a collection into it, once, for delta and cumulative readers alike', async () => {
    const delta = new CollectingReader(AggregationTemporality.DELTA);
    const cumulative = new CollectingReader(AggregationTemporality.CUMULATIVE);
    const provider = new MeterProvider({ readers: [delta, cumulative] });
    const { points, histogram } = deferredOn(provider);
    const get = { op: 'get' };
    points.record(histogram, 0.5, get);
    points.record(histogram, 0.25, get);
    points.record(histogram, 1, { op: 'save' });
    expect(histogramOf((await delta.collect()).resourceMetrics)).toEqual([
      { attributes: get, count: 2, sum: 0.75 },
      { attributes: { op: 'save' }, count: 1, sum: 1 },
    ]);
    // The second reader collects after the first handed them over: it gets them all the same.
    expect(histogramOf((await cumulative.collect()).resourceMetrics)).toEqual([
      { attributes: get, count: 2, sum: 0.75 },
      { attributes: { op: 'save' }, count: 1, sum: 1 },
    ]);
    points.record(histogram, 2, get);
    expect(histogramOf((await delta.collect()).resourceMetrics)).toEqual([
      { attributes: get, count: 1, sum: 2 },
    ]);
    expect(histogramOf((await cumulative.collect()).resourceMetrics)).toEqual([
      { attributes: get, count: 3, sum: 2.75 },
      { attributes: { op: 'save' }, count: 1, sum: 1 },
    ]);
    await provider.shutdown();
  });

  it("are exported by a meter provider's shutdown (its last collection)", async () => {
    const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const provider = new MeterProvider({
      readers: [new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 })],
    });
    const { points, histogram } = deferredOn(provider);
    points.record(histogram, 0.125, { op: 'get' });
    await provider.shutdown();
    const exported = exporter.getMetrics();
    expect(exported.flatMap((m) => histogramOf(m))).toEqual([
      { attributes: { op: 'get' }, count: 1, sum: 0.125 },
    ]);
  });
});
