import { describe, expect, it } from 'vitest';
import { AggregationTemporality, MeterProvider } from '@opentelemetry/sdk-metrics';
import type { MetricData } from '@opentelemetry/sdk-metrics';
import { CounterSums, addTo, attributesKey } from '../../../src/observe/counter-sums.js';
import { CollectingReader } from '../../support/collecting-reader.js';

async function points(reader: CollectingReader): Promise<Map<string, Array<[string, number]>>> {
  const { resourceMetrics } = await reader.collect();
  const out = new Map<string, Array<[string, number]>>();
  for (const scope of resourceMetrics.scopeMetrics)
    for (const metric of scope.metrics as MetricData[])
      out.set(
        metric.descriptor.name,
        metric.dataPoints.map((p) => [JSON.stringify(p.attributes), p.value as number]),
      );
  return out;
}

const SPECS = [
  { name: 'a', unit: '1', description: 'A.' },
  { name: 'b', unit: '1', description: 'B.' },
];

describe('CounterSums', () => {
  it('reports cumulative totals per attribute set, keyed by content, only for the counters added to', async () => {
    const reader = new CollectingReader(AggregationTemporality.CUMULATIVE);
    const provider = new MeterProvider({ readers: [reader] });
    const sums = new CounterSums(provider.getMeter('t'), SPECS);
    const x = { table: 't1', op: 'get' };
    // The same content in another object and another key order is the same set.
    const sameAsX = { op: 'get', table: 't1' };
    expect(attributesKey(sameAsX)).toBe(attributesKey(x));
    addTo(sums.slots(attributesKey(x), x), 0, 2);
    addTo(sums.slots(attributesKey(sameAsX), sameAsX), 0, 3);
    addTo(sums.slots(attributesKey({ table: 't2' }), { table: 't2' }), 1, 0);
    let seen = await points(reader);
    expect(seen.get('a')).toEqual([[JSON.stringify(x), 5]]);
    // A zero added is a point (as the SDK's counter makes one), a counter never added to has none.
    expect(seen.get('b')).toEqual([[JSON.stringify({ table: 't2' }), 0]]);
    addTo(sums.slots(attributesKey(x), x), 0, 1);
    seen = await points(reader);
    expect(seen.get('a')).toEqual([[JSON.stringify(x), 6]]);
    // Nothing added since: a cumulative reader still exports every total.
    seen = await points(reader);
    expect(seen.get('a')).toEqual([[JSON.stringify(x), 6]]);
    expect(seen.get('b')).toEqual([[JSON.stringify({ table: 't2' }), 0]]);
    await provider.shutdown();
  });

  it('a delta reader gets what was added since its last collection', async () => {
    const reader = new CollectingReader(AggregationTemporality.DELTA);
    const provider = new MeterProvider({ readers: [reader] });
    const sums = new CounterSums(provider.getMeter('t'), SPECS);
    const x = { table: 't1' };
    addTo(sums.slots(attributesKey(x), x), 0, 4);
    expect((await points(reader)).get('a')).toEqual([[JSON.stringify(x), 4]]);
    addTo(sums.slots(attributesKey(x), x), 0, 1);
    expect((await points(reader)).get('a')).toEqual([[JSON.stringify(x), 1]]);
    // Nothing added since: no zero point (as from a synchronous counter), and the next add is counted once.
    expect((await points(reader)).get('a') ?? []).toEqual([]);
    addTo(sums.slots(attributesKey(x), x), 0, 2);
    expect((await points(reader)).get('a')).toEqual([[JSON.stringify(x), 2]]);
    await provider.shutdown();
  });

  it('two readers of one provider each get every total, whichever collects first', async () => {
    const cumulative = new CollectingReader(AggregationTemporality.CUMULATIVE);
    const delta = new CollectingReader(AggregationTemporality.DELTA);
    const provider = new MeterProvider({ readers: [cumulative, delta] });
    const sums = new CounterSums(provider.getMeter('t'), SPECS);
    const x = { table: 't1' };
    addTo(sums.slots(attributesKey(x), x), 0, 4);
    expect((await points(cumulative)).get('a')).toEqual([[JSON.stringify(x), 4]]);
    addTo(sums.slots(attributesKey(x), x), 0, 1);
    expect((await points(delta)).get('a')).toEqual([[JSON.stringify(x), 5]]);
    expect((await points(cumulative)).get('a')).toEqual([[JSON.stringify(x), 5]]);
    expect((await points(delta)).get('a') ?? []).toEqual([]);
    addTo(sums.slots(attributesKey(x), x), 0, 3);
    expect((await points(cumulative)).get('a')).toEqual([[JSON.stringify(x), 8]]);
    expect((await points(delta)).get('a')).toEqual([[JSON.stringify(x), 3]]);
    await provider.shutdown();
  });

  it('builds a lazily given attribute set only when it is new, and folds sets past the limit into the overflow set', async () => {
    const reader = new CollectingReader(AggregationTemporality.CUMULATIVE);
    const provider = new MeterProvider({ readers: [reader] });
    const sums = new CounterSums(provider.getMeter('t'), SPECS);
    let built = 0;
    const make = (): { n: number } => (built++, { n: -1 });
    addTo(sums.slots('lazy', make), 0, 1);
    addTo(sums.slots('lazy', make), 0, 1);
    expect(built).toBe(1);
    for (let i = 0; i < 2_100; i++) addTo(sums.slots(`k${i}`, { n: i }), 0, 1);
    const seen = (await points(reader)).get('a')!;
    // 1,999 sets and the overflow: the SDK's default limit of 2,000 points per metric.
    expect(seen).toHaveLength(2_000);
    expect(seen.find(([attributes]) => attributes.includes('overflow'))).toEqual([
      JSON.stringify({ 'otel.metric.overflow': true }),
      102,
    ]);
    expect(seen.reduce((total, [, v]) => total + v, 0)).toBe(2_102);
    await provider.shutdown();
  });
});
