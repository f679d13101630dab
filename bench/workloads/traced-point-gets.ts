// The point gets of `point gets` (the row with no OpenTelemetry provider: tracing off) with a provider registered
// around the library's blocks: a no-op one (the SDK with its sampler off, as an application that disabled tracing
// has it) and the SDK recording every span and metric into memory. Issue 25: tracing off must stay within 2% of the
// figures before instrumentation, the SDK recording within 10% (next to the same raw-client code: raw blocks run
// with no provider, so google-gax's own instrumentation does not weigh on them).
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  AlwaysOffSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { Workload } from '../harness/workload.js';
import { pointGets } from './point-gets.js';

/** A reader nobody collects from: the SDK aggregates, as it does between two exports. */
class IdleReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

type Provider = 'no-op provider' | 'SDK recording';

/** Registers the providers for one block of library calls and unregisters them after it. */
async function withProviders<T>(provider: Provider, block: () => Promise<T>): Promise<T> {
  const exporter = new InMemorySpanExporter();
  const tracer =
    provider === 'SDK recording'
      ? new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
      : new BasicTracerProvider({ sampler: new AlwaysOffSampler() });
  const meter = provider === 'SDK recording' ? new MeterProvider({ readers: [new IdleReader()] }) : undefined;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(tracer);
  if (meter) metrics.setGlobalMeterProvider(meter);
  try {
    return await block();
  } finally {
    trace.disable();
    metrics.disable();
    context.disable();
    exporter.reset();
  }
}

function traced(provider: Provider): Workload {
  return {
    name: `point gets, ${provider}`,
    description: `\`point gets\` with an OpenTelemetry ${provider === 'SDK recording' ? 'SDK recording spans and metrics' : 'tracer provider that samples nothing'} registered`,
    size: pointGets.size,
    async prepare(benchContext, size) {
      const prepared = await pointGets.prepare(benchContext, size);
      const library = prepared.variants.library;
      return {
        ...prepared,
        variants: { ...prepared.variants, library: (block) => withProviders(provider, () => library(block)) },
      };
    },
  };
}

/** `point gets` with a no-op tracer provider registered. */
export const tracedPointGetsNoop = traced('no-op provider');
/** `point gets` with the SDK recording spans and metrics. */
export const tracedPointGetsSdk = traced('SDK recording');
