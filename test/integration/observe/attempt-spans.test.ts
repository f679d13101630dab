import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { useOpenTelemetry } from '../../support/use-open-telemetry.js';

@Entity({ table: 'attempt_span_devices' })
@Family('d')
class Device {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}

/** Hundreds of bytes per entity: a small `batchMaxBytes` splits a saveMany into one request per entity. */
const device = (id: string): Device => Object.assign(new Device(), { id, name: 'n'.repeat(300) });

/**
 * A call that makes several RPC attempts (here: a saveMany split into several MutateRows requests, two in flight at
 * once) gets one child span per attempt, the first drawn after the fact with its own start and end times.
 */
describe('attempt spans', () => {
  const telemetry = useOpenTelemetry();
  const mapper = useMapper([Device], { batchMaxBytes: 400, batchConcurrency: 2 });

  it('a saveMany of several requests: one MutateRows child per request, within the call span', async () => {
    const devices = mapper().repository(Device);
    await devices.saveMany([device('a'), device('b'), device('c')]);
    const table = devices.tableId;
    expect(telemetry.tree()).toBe(
      [`saveMany ${table}`, '  MutateRows', '  MutateRows', '  MutateRows'].join('\n'),
    );
    const [call, ...children] = telemetry
      .spans()
      .sort((a, b) => (a.parentSpanContext ? 1 : b.parentSpanContext ? -1 : 0));
    expect(call!.attributes['bigtable_mapper.requests']).toBe(3);
    expect(call!.attributes['bigtable_mapper.rpc']).toBeUndefined();
    const ns = ([s, n]: readonly [number, number]): bigint => BigInt(s) * 1_000_000_000n + BigInt(n);
    for (const child of children) {
      expect(child.parentSpanContext?.spanId).toBe(call!.spanContext().spanId);
      expect(child.attributes).toMatchObject({
        'db.operation.name': 'MutateRows',
        'db.collection.name': table,
        'bigtable_mapper.attempt': 1,
      });
      // The first request's span, drawn when the second began, keeps the times it really had.
      expect(ns(child.startTime)).toBeGreaterThanOrEqual(ns(call!.startTime));
      expect(ns(child.endTime)).toBeGreaterThanOrEqual(ns(child.startTime));
      expect(ns(child.endTime)).toBeLessThanOrEqual(ns(call!.endTime));
    }
  });
});
