import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import type { DataPoint, Histogram, MetricData } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { CollectingReader } from './collecting-reader.js';

/** What the test reads back: finished spans and collected metrics. */
export interface RecordedTelemetry {
  spans(): ReadableSpan[];
  /** Forgets the spans finished so far (as before each test). */
  reset(): void;
  /** The spans as an indented tree of names (children under their parent, in start order). */
  tree(): string;
  /** Metrics since the last collect (delta temporality): name → data points. */
  collect(): Promise<Map<string, MetricData>>;
}

/**
 * Registers the real OpenTelemetry SDK globally for one test file (an in-memory span exporter, an async-local-storage
 * context manager, a meter provider with a collect-on-demand reader); spans are cleared before each test and
 * everything is unregistered after the file.
 *
 * @example
 * ```ts
 * const telemetry = useOpenTelemetry();
 * it('…', async () => { await repo.get(key); expect(telemetry.spans()).toHaveLength(2); });
 * ```
 */
export function useOpenTelemetry(): RecordedTelemetry {
  const exporter = new InMemorySpanExporter();
  const reader = new CollectingReader();
  let contextManager: AsyncLocalStorageContextManager;
  beforeAll(() => {
    contextManager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(contextManager);
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  });
  beforeEach(async () => {
    exporter.reset();
    await reader.collect(); // drop what earlier tests recorded
  });
  afterAll(async () => {
    trace.disable();
    metrics.disable();
    context.disable();
    await reader.shutdown();
  });
  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
  return {
    spans,
    reset: () => exporter.reset(),
    tree: () => spanTree(spans()),
    collect: async () => {
      const { resourceMetrics } = await reader.collect();
      const out = new Map<string, MetricData>();
      for (const scope of resourceMetrics.scopeMetrics)
        for (const metric of scope.metrics) out.set(metric.descriptor.name, metric);
      return out;
    },
  };
}

/** The spans as an indented tree of names. */
export function spanTree(spans: readonly ReadableSpan[]): string {
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  const children = new Map<string | undefined, ReadableSpan[]>();
  for (const span of spans) {
    const parent = span.parentSpanContext?.spanId;
    const key = parent !== undefined && ids.has(parent) ? parent : undefined;
    children.set(key, [...(children.get(key) ?? []), span]);
  }
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number): void => {
    const list = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1],
    );
    for (const span of list) {
      lines.push(`${'  '.repeat(depth)}${span.name}`);
      walk(span.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines.join('\n');
}

/** The sum of a counter's points whose attributes include `match`. */
export function sumOf(metric: MetricData | undefined, match: Record<string, unknown> = {}): number {
  if (metric === undefined) return 0;
  let total = 0;
  for (const point of metric.dataPoints as ReadonlyArray<DataPoint<number | Histogram>>) {
    if (!Object.entries(match).every(([k, v]) => point.attributes[k] === v)) continue;
    total += typeof point.value === 'number' ? point.value : point.value.count;
  }
  return total;
}
