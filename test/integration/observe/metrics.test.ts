import { describe, expect, it } from 'vitest';
import type { Histogram } from '@opentelemetry/sdk-metrics';
import { Column, Entity, Family, KeyPart, Version } from '../../../decorators/index.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { sumOf, useOpenTelemetry } from '../../support/use-open-telemetry.js';

@Entity({ table: 'metered_items' })
@Family('d')
class Item {
  @KeyPart(0, 'string') group!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) color!: string;
  @Version({ family: 'd' }) version!: bigint;
}

const item = (group: string, id: string, color: string): Item =>
  Object.assign(new Item(), { group, id, color, version: 0n });

/**
 * Metrics with the real OpenTelemetry SDK after a known workload against the emulator: operation durations per
 * operation, attempts, rows read and returned, mutations, batch outcomes, conflicts; attributes without keys.
 */
describe('metrics', () => {
  const telemetry = useOpenTelemetry();
  const mapper = useMapper([Item]);

  it('count what a known workload did', async () => {
    const items = mapper().repository(Item);
    await items.saveMany([item('g', '1', 'crimson'), item('g', '2', 'azure'), item('g', '3', 'crimson')]);
    await items.get({ group: 'g', id: '1' });
    const crimsons = await items.find({ group: 'g' }).where('color', '=', 'crimson').toArray();
    expect(crimsons).toHaveLength(2);
    const stale = item('g', '1', 'green'); // version 0: the stored row has version 1
    await expect(items.save(stale)).rejects.toMatchObject({ code: 'OPTIMISTIC_LOCK' });

    const metrics = await telemetry.collect();
    const table = items.tableId;
    const duration = metrics.get('db.client.operation.duration')!;
    expect(duration.descriptor.unit).toBe('s');
    const operations = duration.dataPoints.map((p) => [
      p.attributes['db.operation.name'],
      p.attributes['error.type'],
      (p.value as Histogram).count,
    ]);
    expect(operations).toEqual(
      expect.arrayContaining([
        ['saveMany', undefined, 1],
        ['get', undefined, 1],
        ['find', undefined, 1],
        ['save', 'OPTIMISTIC_LOCK', 1],
      ]),
    );
    for (const point of duration.dataPoints)
      expect(point.attributes).toMatchObject({
        'db.system.name': 'gcp.bigtable',
        'db.collection.name': table,
        'bigtable_mapper.entity': 'Item',
      });
    expect(
      sumOf(metrics.get('bigtable_mapper.batch.outcomes'), { 'bigtable_mapper.outcome': 'written' }),
    ).toBe(3);
    // The color condition is a server-side filter: only the matching rows come back.
    expect(sumOf(metrics.get('bigtable_mapper.rows.read'), { 'db.operation.name': 'find' })).toBe(2);
    expect(sumOf(metrics.get('bigtable_mapper.rows.returned'), { 'db.operation.name': 'find' })).toBe(2);
    expect(sumOf(metrics.get('bigtable_mapper.rows.returned'), { 'db.operation.name': 'get' })).toBe(1);
    expect(sumOf(metrics.get('bigtable_mapper.conflicts'))).toBe(1);
    expect(
      sumOf(metrics.get('bigtable_mapper.mutations'), { 'db.operation.name': 'saveMany' }),
    ).toBeGreaterThan(0);
    expect(sumOf(metrics.get('bigtable_mapper.bytes.read'))).toBeGreaterThan(0);
    // saveMany of versioned entities: one conditional write each; get and find one ReadRows each; the failed save
    // one CheckAndMutateRow (and whatever it reads back).
    expect(sumOf(metrics.get('bigtable_mapper.attempts'), { 'db.operation.name': 'get' })).toBe(1);
    expect(sumOf(metrics.get('bigtable_mapper.retries'))).toBe(0);
    // Low cardinality: no attribute holds a key.
    const dump = JSON.stringify([...metrics.values()].map((m) => m.dataPoints.map((p) => p.attributes)));
    expect(dump).not.toMatch(/g#1|crimson|azure/);
  });

  it('two mappers of one process count into the same totals (neither overwrites the other), reader after reader', async () => {
    const { Mapper } = await import('../../../src/index.js');
    const tableIds = { metered_items: mapper().repository(Item).tableId };
    const observe = { builtinMetrics: true };
    const first = new Mapper(mapper().connection, { tableIds, observe });
    const second = new Mapper(mapper().connection, { tableIds, observe });
    await first.repository(Item).saveMany([item('two', '1', 'red'), item('two', '2', 'red')]);
    const key = { group: 'two', id: '1' };
    for (let i = 0; i < 3; i++) await first.repository(Item).get(key);
    for (let i = 0; i < 4; i++) await second.repository(Item).get(key);
    const collected = await telemetry.collect();
    const gets = { 'db.operation.name': 'get' };
    expect(sumOf(collected.get('bigtable_mapper.attempts'), gets)).toBe(7);
    expect(sumOf(collected.get('bigtable_mapper.rows.returned'), gets)).toBe(7);
    // Built-in: every operation records its retry count (0 here), one point per attribute set, not per mapper.
    const retryCount = collected.get('bigtable.googleapis.com/internal/client/retry_count')!;
    const reads = retryCount.dataPoints.filter(
      (p) =>
        p.attributes['method'] === 'Bigtable.ReadRows' && p.attributes['table'] === tableIds.metered_items,
    );
    expect(reads.map((p) => p.value)).toEqual([0]);
    // The reader is a delta one: the next collection holds only what happened since.
    await second.repository(Item).get(key);
    const next = await telemetry.collect();
    expect(sumOf(next.get('bigtable_mapper.attempts'), gets)).toBe(1);
  });

  it('a mapper with metrics off records none, and a mapper with tracing off no spans', async () => {
    // The same tables, through a second mapper with both switched off.
    const { Mapper } = await import('../../../src/index.js');
    const quiet = new Mapper(mapper().connection, {
      tableIds: { metered_items: mapper().repository(Item).tableId },
      observe: { metrics: false, tracing: false },
    });
    await quiet.repository(Item).find({ group: 'g' }).toArray();
    const metrics = await telemetry.collect();
    expect(metrics.get('db.client.operation.duration')?.dataPoints ?? []).toEqual([]);
    expect(telemetry.spans()).toEqual([]);
  });
});
