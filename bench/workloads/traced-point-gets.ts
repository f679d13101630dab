// The point gets of `point gets` with an OpenTelemetry provider registered as a production service has it, beside
// the same library calls with nothing registered (the `off` variant, interleaved block by block with the others):
// a no-op tracer provider (the SDK with its sampler off, as an application that disabled tracing has it), and the
// SDK recording every span and metric the way NodeSDK wires it: an async-local-storage context manager, a
// BatchSpanProcessor and a PeriodicExportingMetricReader, both exporting to exporters that drop what they get (the
// network is not ours to measure). Issue 25: tracing off must stay within 2% of the figures before
// instrumentation, the SDK recording within 10% of tracing off (the `library / off` ratio). Raw and HL blocks run
// with nothing registered, so google-gax's own instrumentation does not weigh on them.
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { AlwaysOffSampler, BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { productionProviders } from '../fixtures/production-otel.js';
import type { Workload } from '../harness/workload.js';
import { pointGets } from './point-gets.js';

type Provider = 'no-op provider' | 'SDK recording';

/** What a production service registers, made once per workload and registered around each of its library blocks. */
interface Registration {
  register(): void;
  shutdown(): Promise<void>;
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
      '"off" is the same library calls with nothing registered, in the same run',
    size: pointGets.size,
    async prepare(benchContext, size) {
      const prepared = await pointGets.prepare(benchContext, size);
      const { library } = prepared.variants;
      const registration = registrationOf(provider);
      return {
        ...prepared,
        variants: {
          ...prepared.variants,
          library: (block) => registered(registration, () => library(block)),
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
