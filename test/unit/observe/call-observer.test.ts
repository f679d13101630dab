import { trace } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { CallObserver } from '../../../src/observe/call-observer.js';

const ENDPOINT = { instance: 'i', serverAddress: 'localhost', serverPort: 8086 };
const INFO = { operation: 'get', entity: 'Device', table: 'devices' };

/** When a call is recorded at all: only when something would receive what the record counts. */
describe('CallObserver.begin', () => {
  afterEach(() => trace.disable());

  it('makes no record when nothing listens: no provider, no listener', () => {
    expect(new CallObserver(ENDPOINT).begin(INFO)).toBeUndefined();
  });

  it('makes no record under a tracer whose sampler drops every span, and ends the dropped span', () => {
    trace.setGlobalTracerProvider(new BasicTracerProvider({ sampler: new AlwaysOffSampler() }));
    expect(new CallObserver(ENDPOINT).begin(INFO)).toBeUndefined();
  });

  it('records under a recording tracer, unless tracing is off for the mapper', () => {
    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
    const observer = new CallObserver(ENDPOINT);
    const record = observer.begin(INFO);
    expect(record).toBeDefined();
    observer.end(record, undefined);
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['get devices']);
    expect(new CallObserver(ENDPOINT, { tracing: false }).begin(INFO)).toBeUndefined();
  });

  it('records for a listener, or always for explain with analyze', () => {
    const observer = new CallObserver(ENDPOINT);
    expect(observer.begin(INFO, true)).toBeDefined();
    observer.events.on('retry', () => undefined);
    expect(observer.begin(INFO)).toBeDefined();
  });

  it("parents a call to a given record's span explicitly, with no context manager registered", async () => {
    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
    const observer = new CallObserver(ENDPOINT);
    const run = observer.begin({ operation: 'backfill.run', entity: 'Device', table: 'devices' })!;
    // Concurrent children begun after an await: nothing but the record carries the parent across it.
    await Promise.all(
      [1, 2].map(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        const shard = observer.begin(
          { operation: 'backfill.shard', entity: 'Device', table: 'devices' },
          false,
          run,
        );
        observer.end(shard, undefined);
      }),
    );
    observer.end(run, undefined);
    const spans = exporter.getFinishedSpans();
    const runSpan = spans.find((s) => s.name === 'backfill.run devices')!;
    const shards = spans.filter((s) => s.name === 'backfill.shard devices');
    expect(shards).toHaveLength(2);
    for (const shard of shards) {
      expect(shard.parentSpanContext?.spanId).toBe(runSpan.spanContext().spanId);
      expect(shard.spanContext().traceId).toBe(runSpan.spanContext().traceId);
    }
    // Without a parent, a call is a root here (no context manager: the active context is empty).
    observer.end(observer.begin(INFO), undefined);
    expect(exporter.getFinishedSpans().at(-1)!.parentSpanContext).toBeUndefined();
  });
});
