import { SpanStatusCode } from '@opentelemetry/api';
import type { Histogram } from '@opentelemetry/sdk-metrics';
import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import type { CallSummary } from '../../../src/index.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { useOpenTelemetry } from '../../support/use-open-telemetry.js';

@Entity({ table: 'vetoed_devices' })
@Family('d')
class Device {
  @KeyPart(0, 'string') kind!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}

const device = (id: string): Device => Object.assign(new Device(), { kind: 'k', id, name: 'n' });

/**
 * A call an interceptor vetoes is observed like any failed call: its span (ERROR, error.type CALL_VETOED), a `call`
 * event and its duration metric, for reads (vetoed before their first request) as for writes.
 */
describe('vetoed calls', () => {
  const telemetry = useOpenTelemetry();
  let veto = false;
  const mapper = useMapper([Device], {
    interceptors: [
      () => {
        if (veto) throw new Error('not today');
      },
    ],
  });

  const calls: Record<string, (m: ReturnType<typeof mapper>) => Promise<unknown>> = {
    get: (m) => m.repository(Device).get({ kind: 'k', id: 'a' }),
    toArray: (m) => m.repository(Device).find({ kind: 'k' }).toArray(),
    find: async (m) => {
      for await (const d of m.repository(Device).find({ kind: 'k' })) void d;
    },
    collection: (m) => m.collection({ device: Device }).key({ kind: 'k', id: 'a' }).fetch(),
    save: (m) => m.repository(Device).save(device('b')),
    saveMany: (m) => m.repository(Device).saveMany([device('c'), device('d')]),
    delete: (m) => m.repository(Device).delete({ kind: 'k', id: 'a' }),
  };

  for (const [name, call] of Object.entries(calls)) {
    // A query's terminals are its one `find` call.
    const operation = name === 'toArray' ? 'find' : name;
    it(`${name}: a span, a call event and a duration point, failed with CALL_VETOED`, async () => {
      const summaries: CallSummary[] = [];
      const off = mapper().events.on('call', (s) => summaries.push(s));
      await telemetry.collect();
      veto = true;
      try {
        await expect(call(mapper())).rejects.toMatchObject({ code: 'CALL_VETOED' });
      } finally {
        veto = false;
        off();
      }
      const table = mapper().repository(Device).tableId;
      const [span, ...others] = telemetry.spans();
      expect(others).toEqual([]);
      expect(span!.name).toBe(`${operation} ${table}`);
      expect(span!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'CALL_VETOED' });
      expect(span!.attributes).toMatchObject({ 'db.operation.name': operation, 'error.type': 'CALL_VETOED' });
      expect(summaries).toHaveLength(1);
      expect(summaries[0]).toMatchObject({
        operation,
        table,
        outcome: 'error',
        errorCode: 'CALL_VETOED',
        requests: 0,
      });
      const points = (await telemetry.collect()).get('db.client.operation.duration')!.dataPoints;
      expect(points.map((p) => [p.attributes['db.operation.name'], p.attributes['error.type']])).toEqual([
        [operation, 'CALL_VETOED'],
      ]);
      expect((points[0]!.value as Histogram).count).toBe(1);
    });
  }
});
