import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { SchemaManager } from '../../../src/admin/index.js';
import type { CallSummary } from '../../../src/index.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { sumOf, useOpenTelemetry } from '../../support/use-open-telemetry.js';

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
    expect(telemetry.tree()).toBe(
      [`schema.live ${table()}`, 'schema.plan', '  GetTable', '  GetTable'].join('\n'),
    );
    const plan = telemetry.spans().find((s) => s.name === 'schema.plan')!;
    expect(plan.attributes['db.collection.name']).toBeUndefined();
    expect(plan.attributes['db.operation.name']).toBe('schema.plan');
  });

  it('admin RPCs: counted on the call (span, metrics, event), a child span each once a call makes more than one', async () => {
    const summaries: CallSummary[] = [];
    const off = mapper().events.on('call', (s) => summaries.push(s));
    const rowKeySchema = { state: 'none', reason: 'raw keys' } as const;
    const [a, b] = [`${extra}_rpc_a`, `${extra}_rpc_b`];
    try {
      await mapper().schema.live(table());
      await mapper().schema.ensureTables([
        { tableId: a, families: { f: {} }, rowKeySchema },
        { tableId: b, families: { f: { gcRule: { maxVersions: 1 } } }, rowKeySchema },
      ]);
      await mapper().schema.apply(await mapper().schema.planTables([], { pruneTables: [a, b] }), {
        allowDestructive: true,
      });
    } finally {
      off();
    }
    expect(telemetry.tree()).toBe(
      [
        `schema.live ${table()}`,
        'schema.ensure',
        '  GetTable',
        '  GetTable',
        '  CreateTable',
        '  CreateTable',
        'schema.plan',
        '  GetTable',
        '  GetTable',
        'schema.apply',
        '  DeleteTable',
        '  DeleteTable',
      ].join('\n'),
    );
    const spans = telemetry.spans();
    const byName = (name: string): ReadableSpan => spans.find((s) => s.name === name)!;
    // A call of one RPC names it on its own span, which counts it.
    expect(byName(`schema.live ${table()}`).attributes).toMatchObject({
      'bigtable_mapper.rpc': 'GetTable',
      'bigtable_mapper.attempts': 1,
      'bigtable_mapper.requests': 1,
    });
    const ensure = byName('schema.ensure');
    expect(ensure.attributes).toMatchObject({ 'bigtable_mapper.attempts': 4, 'bigtable_mapper.requests': 4 });
    expect(ensure.attributes['bigtable_mapper.rpc']).toBeUndefined();
    // No rows: an admin call reads none (a read that returns none says 0).
    expect(ensure.attributes['bigtable_mapper.rows_returned']).toBeUndefined();
    const children = spans.filter((s) => s.parentSpanContext?.spanId === ensure.spanContext().spanId);
    // The call is about two tables and names none; each of its RPCs names the table it is about.
    expect(ensure.attributes['db.collection.name']).toBeUndefined();
    expect(children.map((c) => `${c.name} ${String(c.attributes['db.collection.name'])}`).sort()).toEqual(
      [`CreateTable ${a}`, `CreateTable ${b}`, `GetTable ${a}`, `GetTable ${b}`].sort(),
    );
    for (const child of children) {
      expect(child.kind).toBe(SpanKind.CLIENT);
      expect(child.attributes).toMatchObject({
        'db.system.name': 'gcp.bigtable',
        'db.operation.name': child.name,
        'bigtable_mapper.attempt': 1,
      });
      // The tables are absent: their GetTable answered NOT_FOUND (what the plan expects; the RPC failed all the same).
      if (child.name === 'GetTable') expect(child.attributes['error.type']).toBe('NOT_FOUND');
      else expect(child.status.code).not.toBe(SpanStatusCode.ERROR);
    }
    expect(summaries.map((s) => [s.operation, s.attempts, s.requests, s.retries])).toEqual([
      ['schema.live', 1, 1, 0],
      ['schema.ensure', 4, 4, 0],
      ['schema.plan', 2, 2, 0],
      ['schema.apply', 2, 2, 0],
    ]);
    const attempts = (await telemetry.collect()).get('bigtable_mapper.attempts');
    expect(sumOf(attempts, { 'db.operation.name': 'schema.ensure' })).toBe(4);
    expect(sumOf(attempts, { 'db.operation.name': 'schema.apply' })).toBe(2);
    expect(sumOf(attempts, { 'db.operation.name': 'schema.live' })).toBe(1);
  });

  it('createTable: its one CreateTable RPC is counted and named on the call span', async () => {
    const fresh = new Mapper(mapper().connection, { tableIds: { schema_span_devices: `${extra}_created` } });
    try {
      await fresh.createTable(Device);
    } finally {
      await fresh.schema
        .apply(await fresh.schema.planTables([], { pruneTables: [`${extra}_created`] }), {
          allowDestructive: true,
        })
        .catch(() => undefined);
    }
    const created = telemetry.spans().find((s) => s.name === `createTable ${extra}_created`)!;
    expect(created.attributes).toMatchObject({
      'bigtable_mapper.rpc': 'CreateTable',
      'bigtable_mapper.attempts': 1,
    });
  });
});
