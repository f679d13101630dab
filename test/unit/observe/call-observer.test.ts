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
});
