import { SpanStatusCode, context, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart, Version } from '../../../decorators/index.js';
import { AbortedError } from '../../../src/errors/aborted-error.js';
import { AlreadyExistsError } from '../../../src/errors/already-exists-error.js';
import { Mapper } from '../../../src/index.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { useOpenTelemetry } from '../../support/use-open-telemetry.js';

@Entity({ table: 'traced_devices' })
@Family('d')
class Device {
  @KeyPart(0, 'string') kind!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) name!: string;
}

@Entity({ table: 'traced_notes' })
@Family('n')
class Note {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'n', codec: 'string' }) text!: string;
  @Version({ family: 'n' }) version!: bigint;
}

const device = (kind: string, id: string): Device =>
  Object.assign(new Device(), { kind, id, name: `name-${id}` });
const SECRET = 'secret-key-7f3a';

/**
 * Spans against the emulator with the real OpenTelemetry SDK: one span per public call, a child span per RPC attempt when a call makes several,
 * parented to the caller's active span, database attributes and counts, error status, streaming end cases, and never a
 * key in an attribute.
 */
describe('tracing', () => {
  const telemetry = useOpenTelemetry();
  const mapper = useMapper([Device, Note]);
  const table = (): string => mapper().repository(Device).tableId;

  it('a save and a get: one span each (a lone RPC attempt draws no child span), database attributes and counts', async () => {
    const devices = mapper().repository(Device);
    await devices.save(device('phone', 'a'));
    await devices.get({ kind: 'phone', id: 'a' });
    expect(telemetry.tree()).toBe([`save ${table()}`, `get ${table()}`].join('\n'));
    const byName = new Map(telemetry.spans().map((s) => [s.name, s]));
    const saveSpan = byName.get(`save ${table()}`)!;
    expect(saveSpan.attributes).toMatchObject({
      'db.system.name': 'gcp.bigtable',
      'db.namespace': mapper().connection.instanceId,
      'db.collection.name': table(),
      'db.operation.name': 'save',
      'bigtable_mapper.entity': 'Device',
      'bigtable_mapper.rpc': 'MutateRow',
      'bigtable_mapper.attempts': 1,
      'bigtable_mapper.requests': 1,
      'bigtable_mapper.mutations': expect.any(Number),
      'bigtable_mapper.bytes_written': expect.any(Number),
    });
    expect(saveSpan.attributes['server.address']).toBeTypeOf('string');
    const getSpan = byName.get(`get ${table()}`)!;
    expect(getSpan.attributes).toMatchObject({
      'db.operation.name': 'get',
      'bigtable_mapper.rpc': 'ReadRows',
      'bigtable_mapper.rows_received': 1,
      'bigtable_mapper.rows_returned': 1,
      'bigtable_mapper.cells_received': 1,
    });
    expect(getSpan.attributes['bigtable_mapper.bytes_received']).toBeGreaterThan(0);
    expect(saveSpan.status.code).not.toBe(SpanStatusCode.ERROR);
  });

  it("a call's span is a child of the caller's active span", async () => {
    const tracer = trace.getTracer('test');
    await tracer.startActiveSpan('handler', async (parent) => {
      await mapper().repository(Device).find({ kind: 'phone' }).toArray();
      parent.end();
    });
    expect(telemetry.tree()).toBe(['handler', `  find ${table()}`].join('\n'));
    // Outside any active span, a call is a root.
    await context.with(context.active(), () => mapper().repository(Device).find({ kind: 'none' }).count());
    expect(telemetry.spans().find((s) => s.name === `count ${table()}`)?.parentSpanContext).toBeUndefined();
  });

  it('a failed call: ERROR status and error.type on the call span, no message naming the key', async () => {
    const devices = mapper().repository(Device);
    await devices.save(device('dup', SECRET));
    await expect(devices.insert(device('dup', SECRET))).rejects.toBeInstanceOf(AlreadyExistsError);
    const span = telemetry.spans().find((s) => s.name === `insert ${table()}`)!;
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'ALREADY_EXISTS' });
    expect(span.attributes['error.type']).toBe('ALREADY_EXISTS');
    expect(span.events).toEqual([]);
  });

  it('never puts a key or value in an attribute, status or event', async () => {
    const devices = mapper().repository(Device);
    await devices.save(device(SECRET, SECRET));
    await devices.get({ kind: SECRET, id: SECRET });
    await devices.find({ kind: SECRET }).toArray();
    await devices.saveMany([device(SECRET, `${SECRET}2`)]);
    await devices.delete({ kind: SECRET, id: SECRET });
    await mapper()
      .repository(Note)
      .save(Object.assign(new Note(), { id: SECRET, text: SECRET }));
    await expect(
      mapper()
        .repository(Note)
        .save(Object.assign(new Note(), { id: SECRET, text: SECRET, version: 7n })),
    ).rejects.toThrow(SECRET); // the error names the key; the span must not
    const dump = JSON.stringify(
      telemetry.spans().map((s) => [s.name, s.attributes, s.status, s.events]),
      (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v),
    );
    expect(telemetry.spans().length).toBeGreaterThan(6);
    expect(dump).not.toContain(SECRET);
    expect(dump).not.toContain('name-');
  });

  it('observe.recordKeys: the row key of a one-row call on its span, and only then', async () => {
    const opted = new Mapper(mapper().connection, {
      tableIds: { traced_devices: table() },
      observe: { recordKeys: true },
    });
    const devices = opted.repository(Device);
    await devices.save(device('opt', 'in'));
    await devices.get({ kind: 'opt', id: 'in' });
    await devices.find({ kind: 'opt' }).toArray();
    const keyOf = (name: string): unknown =>
      telemetry.spans().find((s) => s.name === `${name} ${table()}`)?.attributes['bigtable_mapper.row_key'];
    expect([keyOf('save'), keyOf('get'), keyOf('find')]).toEqual(['opt#in', 'opt#in', undefined]);
  });

  it('a streamed read ends its span when the loop breaks, with the rows it returned', async () => {
    const devices = mapper().repository(Device);
    await devices.saveMany([device('tab', '1'), device('tab', '2'), device('tab', '3')]);
    telemetry.spans().length = 0;
    for await (const d of devices.find({ kind: 'tab' })) {
      expect(d.id).toBe('1');
      break;
    }
    const span = telemetry.spans().find((s) => s.name === `find ${table()}`)!;
    expect(span).toBeDefined();
    expect(span.attributes['bigtable_mapper.rows_returned']).toBe(1);
    expect(span.status.code).not.toBe(SpanStatusCode.ERROR);
  });

  it('a streamed read ends its span when it is aborted, failed with ABORTED', async () => {
    const devices = mapper().repository(Device);
    await devices.saveMany([device('abort', '1'), device('abort', '2')]);
    const controller = new AbortController();
    const rows = devices.find({ kind: 'abort' }).signal(controller.signal);
    await expect(
      (async () => {
        for await (const _ of rows) controller.abort();
      })(),
    ).rejects.toBeInstanceOf(AbortedError);
    const span = telemetry.spans().find((s) => s.name === `find ${table()}`)!;
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes['error.type']).toBe('ABORTED');
  });

  it('a streamed read ends its span when the consumer throws', async () => {
    const devices = mapper().repository(Device);
    await devices.save(device('throw', '1'));
    await expect(
      (async () => {
        for await (const _ of devices.find({ kind: 'throw' })) throw new Error('consumer failed');
      })(),
    ).rejects.toThrow('consumer failed');
    // The read itself did not fail: the consumer left the loop (a break by exception).
    const span = telemetry.spans().find((s) => s.name === `find ${table()}`)!;
    expect(span).toBeDefined();
    expect(span.attributes['bigtable_mapper.rows_returned']).toBe(1);
  });

  it('saveMany: one span with its batch outcomes (its lone MutateRows draws no child)', async () => {
    await mapper()
      .repository(Device)
      .saveMany([device('batch', '1'), device('batch', '2'), device('batch', '3')]);
    expect(telemetry.tree()).toBe(`saveMany ${table()}`);
    expect(telemetry.spans()[0]!.attributes).toMatchObject({
      'bigtable_mapper.batch.size': 3,
      'bigtable_mapper.batch.written': 3,
      'bigtable_mapper.batch.not_written': 0,
      'bigtable_mapper.batch.unknown': 0,
      'bigtable_mapper.mutations': expect.any(Number),
    });
  });

  it('a collection read and an optimistic-lock conflict', async () => {
    await mapper()
      .repository(Note)
      .save(Object.assign(new Note(), { id: 'n1', text: 'x' }));
    await mapper().collection({ note: Note }).key({ id: 'n1' }).fetch();
    const notes = mapper().repository(Note).tableId;
    expect(telemetry.spans().map((s) => s.name)).toContain(`collection ${notes}`);
    await expect(
      mapper()
        .repository(Note)
        .save(Object.assign(new Note(), { id: 'n1', text: 'y', version: 5n })),
    ).rejects.toMatchObject({ code: 'OPTIMISTIC_LOCK' });
    const failed = telemetry
      .spans()
      .filter((s) => s.name === `save ${notes}`)
      .at(-1)!;
    expect(failed.attributes['error.type']).toBe('OPTIMISTIC_LOCK');
  });
});
