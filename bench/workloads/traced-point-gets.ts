// The point gets of `point gets` with an OpenTelemetry provider registered as a production service has it, beside
// the same library calls with nothing registered (the `off` variant, interleaved block by block with the others):
// a no-op tracer provider (the SDK with its sampler off, as an application that disabled tracing has it), and the
// SDK recording every span and metric the way NodeSDK wires it: an async-local-storage context manager, a
// BatchSpanProcessor and a PeriodicExportingMetricReader, both exporting to exporters that drop what they get (the
// network is not ours to measure). Issue 25: tracing off must stay within 2% of the figures before
// instrumentation, the SDK recording within 10% of tracing off (the `library / off` ratio). Raw runs with the same
// registration and instruments itself by hand, as the best hand-written code that emits the same would: one span
// with the conventions' attributes (made once) around each read, one `db.client.operation.duration` point after it;
// so `library / raw` compares the library's instrumentation with that. HL blocks run with nothing registered.
import type { Attributes, Histogram, Tracer } from '@opentelemetry/api';
import { SpanKind, SpanStatusCode, context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { AlwaysOffSampler, BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { productionProviders } from '../fixtures/production-otel.js';
import type { Workload } from '../harness/workload.js';
import type { AroundRawGet } from './point-gets.js';
import { pointGets, pointGetsOf } from './point-gets.js';
import { Reading } from '../fixtures/reading.js';
import { TABLE } from './shared.js';

type Provider = 'no-op provider' | 'SDK recording';

/** What a production service registers, made once per workload and registered around each of its library blocks. */
interface Registration {
  register(): void;
  shutdown(): Promise<void>;
  /** What hand-written code instruments itself with: a tracer, and a duration histogram when metrics record. */
  readonly tracer: Tracer;
  readonly duration?: Histogram;
}

function registrationOf(provider: Provider): Registration {
  const contextManager = new AsyncLocalStorageContextManager();
  if (provider === 'no-op provider') {
    const tracer = new BasicTracerProvider({ sampler: new AlwaysOffSampler() });
    return {
      register() {
        context.setGlobalContextManager(contextManager.enable());
        trace.setGlobalTracerProvider(tracer);
      },
      shutdown: () => tracer.shutdown(),
      tracer: tracer.getTracer('hand-written'),
    };
  }
  const { tracerProvider, meterProvider, shutdown } = productionProviders();
  return {
    register() {
      context.setGlobalContextManager(contextManager.enable());
      trace.setGlobalTracerProvider(tracerProvider);
      metrics.setGlobalMeterProvider(meterProvider);
    },
    shutdown,
    tracer: tracerProvider.getTracer('hand-written'),
    duration: meterProvider
      .getMeter('hand-written')
      .createHistogram('db.client.operation.duration', { unit: 's' }),
  };
}

const ATTRIBUTES: Attributes = Object.freeze({
  'db.system.name': 'gcp.bigtable',
  'db.namespace': 'bench',
  'db.collection.name': TABLE,
  'db.operation.name': 'ReadRows',
  'server.address': 'localhost',
});

/** Raw code's instrumentation, written by hand: a span around each read and its duration point. */
function byHand({ tracer, duration }: Registration): AroundRawGet {
  return async (get) => {
    const started = performance.now();
    const span = tracer.startSpan('ReadRows bench_readings', {
      kind: SpanKind.CLIENT,
      attributes: ATTRIBUTES,
    });
    try {
      return await get();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
      duration?.record((performance.now() - started) / 1000, ATTRIBUTES);
    }
  };
}

/** Runs one block of library calls with the providers registered, and unregisters them after it. */
async function registered<T>(registration: Registration, block: () => Promise<T>): Promise<T> {
  registration.register();
  try {
    return await block();
  } finally {
    trace.disable();
    metrics.disable();
    context.disable();
  }
}

function traced(provider: Provider): Workload {
  return {
    name: `point gets, ${provider}`,
    description:
      `\`point gets\` with ${provider === 'SDK recording' ? 'the OpenTelemetry SDK recording spans and metrics (context manager, batch span processor, periodic metric reader; exporters that drop)' : 'an OpenTelemetry tracer provider that samples nothing'} registered; ` +
      '"off" is the same library calls with nothing registered, in the same run; raw instruments itself by hand under ' +
      'the same registration (a span around each read and its duration point), "raw off" is raw with neither',
    size: pointGets.size,
    async prepare(benchContext, size) {
      const registration = registrationOf(provider);
      const prepared = await pointGetsOf(
        Reading,
        TABLE,
        'point gets',
        undefined,
        byHand(registration),
      ).prepare(benchContext, size);
      const { library, raw } = prepared.variants;
      const bare = await pointGets.prepare(benchContext, size);
      return {
        ...prepared,
        variants: {
          ...prepared.variants,
          library: (block) => registered(registration, () => library(block)),
          raw: (block) => registered(registration, () => raw(block)),
          rawOff: bare.variants.raw,
          off: library,
        },
        dispose: () => registration.shutdown(),
      };
    },
  };
}

/** `point gets` with a no-op tracer provider registered. */
export const tracedPointGetsNoop = traced('no-op provider');
/** `point gets` with the SDK recording spans and metrics. */
export const tracedPointGetsSdk = traced('SDK recording');
