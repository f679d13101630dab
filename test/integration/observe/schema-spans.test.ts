import { SpanStatusCode } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { SchemaManager } from '../../../src/admin/index.js';
import type { CallSummary } from '../../../src/index.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { useOpenTelemetry } from '../../support/use-open-telemetry.js';

@Entity({ table: 'schema_span_devices' })
@Family('d')
class Device {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}

/**
 * Schema operations against the emulator with the real OpenTelemetry SDK: one span per public call (the plan an
 * ensure makes is not a span of its own), the database attributes, error status, the duration metric and the
 * mapper's `call` events.
 */
describe('schema operation spans', () => {
  const telemetry = useOpenTelemetry();
  const mapper = useMapper([Device]);
  const table = (): string => mapper().repository(Device).tableId;
  const extra = `schema_span_extra_${Date.now().toString(36)}`;

  it('plan, check and ensureSchema: one span each, named after the operation and the table', async () => {
    const summaries: CallSummary[] = [];
    const off = mapper().events.on('call', (s) => summaries.push(s));
    try {
      await mapper().schema.plan([Device]);
      await mapper().schema.check([Device]);
      await mapper().ensureSchema([Device]);
    } finally {
      off();
    }
    expect(telemetry.tree()).toBe(
      [`schema.plan ${table()}`, `schema.check ${table()}`, `schema.ensure ${table()}`].join('\n'),
    );
    for (const span of telemetry.spans()) {
      expect(span.attributes).toMatchObject({
        'db.system.name': 'gcp.bigtable',
        'db.namespace': mapper().connection.instanceId,
        'db.collection.name': table(),
      });
      expect(span.attributes['server.address']).toBeTypeOf('string');
      expect(span.status.code).not.toBe(SpanStatusCode.ERROR);
    }
    expect(summaries.map((s) => [s.operation, s.table, s.outcome])).toEqual([
      ['schema.plan', table(), 'ok'],
      ['schema.check', table(), 'ok'],
      ['schema.ensure', table(), 'ok'],
    ]);
    const points = (await telemetry.collect()).get('db.client.operation.duration')!.dataPoints;
    expect(points.map((p) => p.attributes['db.operation.name']).sort()).toEqual([
      'schema.check',
      'schema.ensure',
      'schema.plan',
    ]);
  });

  it('apply: a span per call; a refused destructive plan fails its span before sending anything', async () => {
    const schema = mapper().schema;
    const rowKeySchema = { state: 'none', reason: 'raw keys' } as const;
    await schema.apply(await schema.planTables([{ tableId: extra, families: { f: {} }, rowKeySchema }]));
    const drop = await schema.planTables([], { pruneTables: [extra] });
    await expect(schema.apply(drop)).rejects.toMatchObject({ code: 'DESTRUCTIVE_CHANGE' });
    await schema.apply(drop, { allowDestructive: true });
    expect(telemetry.tree()).toBe(
      [
        `schema.plan ${extra}`,
        `schema.apply ${extra}`,
        `schema.plan ${extra}`,
        `schema.apply ${extra}`,
        `schema.apply ${extra}`,
      ].join('\n'),
    );
    const refused = telemetry.spans()[3]!;
    expect(refused.status).toEqual({ code: SpanStatusCode.ERROR, message: 'DESTRUCTIVE_CHANGE' });
    expect(refused.attributes).toMatchObject({
      'db.operation.name': 'schema.apply',
      'error.type': 'DESTRUCTIVE_CHANGE',
    });
  });

  it('createTable: a span; on an existing table, failed with its error type', async () => {
    await expect(mapper().createTable(Device)).rejects.toThrow();
    const [span, ...others] = telemetry.spans();
    expect(others).toEqual([]);
    expect(span!.name).toBe(`createTable ${table()}`);
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    expect(span!.attributes['error.type']).toBeTypeOf('string');
  });

  it('a SchemaManager made alone observes its calls too; a call about several tables names none', async () => {
    const manager = new SchemaManager(mapper().connection, { schema_span_devices: table() });
    await manager.live(table());
    const rowKeySchema = { state: 'none', reason: 'raw keys' } as const;
    await manager.planTables([
      { tableId: table(), families: { d: {} }, rowKeySchema },
      { tableId: `${extra}_absent`, families: { f: {} }, rowKeySchema },
    ]);
    expect(telemetry.tree()).toBe([`schema.live ${table()}`, 'schema.plan'].join('\n'));
    expect(telemetry.spans()[1]!.attributes['db.collection.name']).toBeUndefined();
    expect(telemetry.spans()[1]!.attributes['db.operation.name']).toBe('schema.plan');
  });
});
