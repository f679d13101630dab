// Not a seed design but what operating one needs: one request of an order service traced with OpenTelemetry. The
// application registers the SDK (here an in-memory exporter; in production an OTLP or Cloud Trace exporter), and
// every mapper call inside the request's span becomes a child span, with a child per RPC attempt when it makes several
// (a lone attempt is named on the call's span instead). The example prints
// the trace tree of the request and what the spans say, and checks that no key is in any attribute.
import assert from 'node:assert/strict';
import { context, trace } from '@opentelemetry/api';
import type { Attributes } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'orders' })
@Family('o', { gc: Gc.maxVersions(1) })
export class Order {
  declare static readonly keyParts: readonly ['customer', 'id'];
  @KeyPart(0, 'string') customer!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'o', codec: 'string' }) status!: string;
  @Column({ family: 'o', codec: 'string' }) item!: string;
}

const order = (id: string, status: string, item: string): Order =>
  Object.assign(new Order(), { customer: 'alice', id, status, item });

/** What a span says, without the table id (the demo's tables have run-specific ids). */
function describe(span: ReadableSpan): string {
  const a: Attributes = span.attributes;
  const counts = [
    ['rows_received', 'rows received'],
    ['rows_returned', 'returned'],
    ['mutations', 'mutations'],
    ['batch.written', 'entities written'],
  ]
    .filter(([name]) => a[`bigtable_mapper.${name}`] !== undefined)
    .map(([name, label]) => `${label} ${String(a[`bigtable_mapper.${name}`])}`);
  if (a['bigtable_mapper.attempt'] !== undefined)
    return `${span.name} (attempt ${String(a['bigtable_mapper.attempt'])})`;
  if (a['db.system.name'] === undefined) return span.name;
  const rpc = a['bigtable_mapper.rpc'] === undefined ? '' : `; one ${String(a['bigtable_mapper.rpc'])}`;
  return `${String(a['db.operation.name'])} ${String(a['bigtable_mapper.entity'])}: ${counts.join(', ')}${rpc}`;
}

/** The spans as an indented tree, children in start order. */
function tree(spans: readonly ReadableSpan[]): string[] {
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number): void => {
    for (const span of spans.filter((s) => s.parentSpanContext?.spanId === parent)) {
      lines.push(`${'  '.repeat(depth)}${describe(span)}`);
      walk(span.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines;
}

export const tracedRequest: Example = {
  id: 'traced',
  name: 'a request traced with OpenTelemetry: one span per mapper call, one per RPC attempt of a call that retries',
  seed: 'None (an SDK feature): observability, docs/observability.md',
  entities: [Order],
  async run(mapper) {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(provider);
    try {
      const orders = mapper.repository(Order);
      await orders.saveMany([
        order('o1', 'open', 'hat'),
        order('o2', 'open', 'scarf'),
        order('o3', 'paid', 'gloves'),
      ]);
      exporter.reset(); // the set-up above is not part of the request

      // The request: pay order o1, then list what alice still has to pay.
      await trace.getTracer('shop').startActiveSpan('POST /orders/o1/pay', async (request) => {
        const o1 = await orders.getOrThrow({ customer: 'alice', id: 'o1' });
        o1.status = 'paid';
        await orders.save(o1);
        const open = await orders.find({ customer: 'alice' }).where('status', '=', 'open').toArray();
        assert.deepEqual(
          open.map((o) => o.id),
          ['o2'],
        );
        request.end();
      });
      const spans = exporter.getFinishedSpans();
      const get = spans.find((s) => s.attributes['db.operation.name'] === 'get')!;
      assert.equal(get.attributes['db.system.name'], 'gcp.bigtable');
      assert.equal(get.attributes['db.collection.name'], mapper.repository(Order).tableId);
      // Keys may hold personal data: they are never in a span.
      assert.ok(!JSON.stringify(spans.map((s) => s.attributes)).includes('alice'));
      return [
        'the trace of one request, as the exporter received it:',
        ...tree(spans).map((line) => `  ${line}`),
        `the get span's database attributes: db.system.name=${String(get.attributes['db.system.name'])}, ` +
          `db.operation.name=get, db.collection.name=<the table id>, db.namespace=<the instance>`,
        'no span attribute holds a key or a value',
      ];
    } finally {
      trace.disable();
      context.disable();
      await provider.shutdown();
    }
  },
};
