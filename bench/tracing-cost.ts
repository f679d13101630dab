// `npm run bench:tracing [-- --calls N --reps N --profile]`: where the CPU of a traced point get goes. The same
// sequential `get`s run under each registration below, interleaved block by block in a different order each
// repetition, and this process's CPU time per call is reported (wall time is the emulator's and the machine's;
// CPU is what tracing adds). Each row adds one part of what a production service registers (NodeSDK's wiring:
// an async-local-storage context manager, a tracer provider with a BatchSpanProcessor, a meter provider with a
// PeriodicExportingMetricReader; exporters that drop), so the differences split the SDK's cost from ours.
// `--profile` writes one CPU profile of the timed part to bench/profiles/tracing-cost.cpuprofile; `--only <text>`
// runs the rows whose name contains it (the first row run is the baseline of the last column).
import { createHook } from 'node:async_hooks';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { AlwaysOffSampler, BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { productionProviders } from './fixtures/production-otel.js';
import { Mapper } from '../src/repository/mapper.js';
import { openBenchSession } from './harness/bench-session.js';
import { mainThreadCpuSeconds, ownCpuSeconds } from './harness/cpu-meter.js';
import { formatSpread, spreadOf } from './harness/stats.js';
import { Reading } from './fixtures/reading.js';
import { TABLE, loadReadings } from './workloads/shared.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '200' },
    reps: { type: 'string', default: '15' },
    profile: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    count: { type: 'boolean', default: false },
  },
});
const calls = Number(values.calls);
const reps = Number(values.reps);

const contextManager = new AsyncLocalStorageContextManager();
const { tracerProvider, meterProvider } = productionProviders();
const noopTracerProvider = new BasicTracerProvider({ sampler: new AlwaysOffSampler() });

interface Registration {
  readonly context?: boolean;
  readonly tracer?: boolean;
  /** A tracer provider that samples nothing (tracing disabled by configuration). */
  readonly noopTracer?: boolean;
  readonly meter?: boolean;
  /** A `call` event listener on the row's mapper: every call makes its record, with no SDK to report to. */
  readonly listener?: boolean;
  /** The mapper's `observe` switches (a mapper per row: its observer caches the instruments). */
  readonly observe?: { tracing?: boolean; metrics?: boolean; builtinMetrics?: boolean };
  /** The SDK's calls made by hand around each `get` of an unobserved mapper: what any instrumentation pays. */
  readonly byHand?: { span?: boolean; point?: boolean; deferred?: number };
}

/** The production SDK registered, the mapper unobserved, and the SDK's calls made by hand around each get. */
function byHand(calls: NonNullable<Registration['byHand']>): Registration {
  return {
    context: true,
    tracer: true,
    meter: true,
    observe: { tracing: false, metrics: false },
    byHand: calls,
  };
}

/** Each row adds one part to the context manager's row, or registers a provider alone (no context manager). */
const ROWS: Record<string, Registration> = {
  'nothing registered (tracing off)': {},
  'a `call` listener only (a record per call, no SDK)': { listener: true },
  'context manager (in use) only': { context: true },
  'context manager + a tracer that samples nothing': { context: true, noopTracer: true },
  'tracer (spans), no context manager': { tracer: true },
  'meter (metrics), no context manager': { meter: true },
  'context manager + tracer (spans)': { context: true, tracer: true },
  'context manager + meter (metrics)': { context: true, meter: true },
  'context manager + tracer + meter (production SDK)': { context: true, tracer: true, meter: true },
  "the same, mapper observe: { builtinMetrics: true } (Google's client-side metrics too)": {
    context: true,
    tracer: true,
    meter: true,
    observe: { builtinMetrics: true },
  },
  // The SDK's own floor in the real call: what instrumentation written by hand around an unobserved get costs.
  'the same, mapper unobserved, one span made by hand around each get': byHand({ span: true }),
  'the same, mapper unobserved, one duration point recorded by hand after each get': byHand({ point: true }),
  'the same, mapper unobserved, span and point by hand': byHand({ span: true, point: true }),
  // The same made 50 at a time (times kept, then handed over in a loop): what they cost with the SDK's code warm.
  'the same, mapper unobserved, span by hand, made in batches of 50': byHand({ span: true, deferred: 50 }),
  'the same, mapper unobserved, point by hand, recorded in batches of 50': byHand({
    point: true,
    deferred: 50,
  }),
  'the same, mapper observe: { tracing: false, metrics: false }': {
    context: true,
    tracer: true,
    meter: true,
    observe: { tracing: false, metrics: false },
  },
};

function register(r: Registration): void {
  if (r.context) {
    context.setGlobalContextManager(contextManager.enable());
    // A context entered once turns AsyncLocalStorage's hooks on for every later async resource, as a service's
    // request instrumentation does (and the SDK's own exports would, at their first batch, in the rows below).
    context.with(context.active(), () => undefined);
  }
  if (r.tracer) trace.setGlobalTracerProvider(tracerProvider);
  if (r.noopTracer) trace.setGlobalTracerProvider(noopTracerProvider);
  if (r.meter) metrics.setGlobalMeterProvider(meterProvider);
}

function unregister(): void {
  trace.disable();
  metrics.disable();
  context.disable();
}

const session = await openBenchSession();
const inspector = values.profile ? new Session() : undefined;
try {
  const base = session.context('tracing-cost');
  const device = `tc-${Date.now().toString(36)}`;
  await loadReadings(base, device, calls, TABLE);
  const names = Object.keys(ROWS).filter((n) => !values.only || values.only.some((o) => n.includes(o)));
  const handTracer = tracerProvider.getTracer('by-hand');
  const handDuration = meterProvider
    .getMeter('by-hand')
    .createHistogram('db.client.operation.duration', { unit: 's' });
  const handAttributes = {
    'db.system.name': 'gcp.bigtable',
    'db.namespace': 'bench',
    'db.collection.name': TABLE,
    'db.operation.name': 'get',
    'server.address': 'localhost',
    'server.port': 8086,
  };
  const mappers = names.map((name) => {
    const { observe, listener } = ROWS[name]!;
    const mapper = observe
      ? new Mapper(base.mapper.connection, { observe })
      : new Mapper(base.mapper.connection);
    if (listener) mapper.events.on('call', () => undefined);
    return mapper.repository(Reading);
  });
  // Garbage-collection pauses, summed per block: what retained spans and garbage per call cost later.
  let gcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  gc.observe({ entryTypes: ['gc'] });
  const gcPerRow: number[][] = names.map(() => []);
  // The main thread's CPU, summed over a row's timed blocks (its /proc clock ticks per 10 ms on Node 20).
  const mainCpu: number[] = names.map(() => 0);
  const timedCalls: number[] = names.map(() => 0);
  let timing = false;
  const block = async (i: number): Promise<number> => {
    register(ROWS[names[i]!]!);
    try {
      const cpu0 = ownCpuSeconds();
      const main0 = mainThreadCpuSeconds();
      const gc0 = gcMs;
      const hand = ROWS[names[i]!]!.byHand;
      if (hand === undefined) {
        for (let seq = 0; seq < calls; seq++) await mappers[i]!.get({ device, seq: BigInt(seq) });
      } else if (hand.deferred !== undefined) {
        const times: number[] = [];
        for (let seq = 0; seq < calls; seq++) {
          const started = performance.now();
          await mappers[i]!.get({ device, seq: BigInt(seq) });
          times.push(started, performance.now());
          if (times.length >= hand.deferred * 2) {
            for (let t = 0; t < times.length; t += 2) {
              if (hand.span)
                handTracer
                  .startSpan('get', { kind: 2, attributes: handAttributes, startTime: times[t]! })
                  .end(times[t + 1]!);
              if (hand.point) handDuration.record((times[t + 1]! - times[t]!) / 1e3, handAttributes);
            }
            times.length = 0;
          }
        }
      } else {
        for (let seq = 0; seq < calls; seq++) {
          const started = performance.now();
          const span = hand.span
            ? handTracer.startSpan('get', { kind: 2, attributes: handAttributes })
            : undefined;
          await mappers[i]!.get({ device, seq: BigInt(seq) });
          span?.end();
          if (hand.point) handDuration.record((performance.now() - started) / 1e3, handAttributes);
        }
      }
      // The observer reports a pause after it ended: a tick lets the block's last ones arrive.
      await new Promise((resolve) => setImmediate(resolve));
      gcPerRow[i]!.push(((gcMs - gc0) / calls) * 1e3);
      if (timing) {
        mainCpu[i]! += mainThreadCpuSeconds() - main0;
        timedCalls[i]! += calls;
      }
      return ((ownCpuSeconds() - cpu0) / calls) * 1e6;
    } finally {
      unregister();
    }
  };
  if (values.count) {
    // Async resources (promises, grpc-js's and Node's handles) created per call under each row, by type: what an
    // async_hooks context manager pays a hook call for (Node 20), counted apart from the timed runs (a hook of its
    // own would slow them).
    for (let i = 0; i < names.length; i++) await block(i);
    const counts = new Map<string, number>();
    const hook = createHook({ init: (_id, type) => counts.set(type, (counts.get(type) ?? 0) + 1) });
    console.log('\n| registered | async resources per call (by type) |\n|---|---|');
    for (let i = 0; i < names.length; i++) {
      counts.clear();
      hook.enable();
      await block(i);
      hook.disable();
      const total = [...counts.values()].reduce((a, b) => a + b, 0) / calls;
      const byType = [...counts].map(([t, n]) => `${t} ${(n / calls).toFixed(1)}`).join(', ');
      console.log(`| ${names[i]} | ${total.toFixed(1)}: ${byType} |`);
    }
  }
  // Warm-up, untimed: every row's code paths optimised before timing.
  for (let w = 0; w < 3; w++) for (let i = 0; i < names.length; i++) await block(i);
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  const perRow: number[][] = names.map(() => []);
  timing = true;
  for (let rep = 0; rep < reps; rep++) {
    // A different rotation each repetition, so no row always follows the same one.
    for (let k = 0; k < names.length; k++) {
      const i = (rep + k) % names.length;
      perRow[i]!.push(await block(i));
    }
  }
  if (inspector) {
    const { profile } = await inspector.post('Profiler.stop');
    mkdirSync('bench/profiles', { recursive: true });
    writeFileSync('bench/profiles/tracing-cost.cpuprofile', JSON.stringify(profile));
  }
  if (reps === 0) process.exit(0);
  const offMedian = spreadOf(perRow[0]!).median;
  console.log(
    `\n${calls} sequential gets per block, ${reps} repetitions; client CPU µs per call, median [min–max]\n`,
  );
  console.log(
    '| registered | CPU µs per call | + over the first row (medians) | main thread CPU µs per call (mean) | GC pause µs per call |',
  );
  console.log('|---|---|---|---|---|');
  for (const [i, name] of names.entries()) {
    const spread = spreadOf(perRow[i]!);
    const main = (mainCpu[i]! / timedCalls[i]!) * 1e6;
    console.log(
      `| ${name} | ${formatSpread(spread, 0)} | ${(spread.median - offMedian).toFixed(0)} µs | ${main.toFixed(0)} | ` +
        `${formatSpread(spreadOf(gcPerRow[i]!), 0)} |`,
    );
  }
  gc.disconnect();
} finally {
  inspector?.disconnect();
  await tracerProvider.shutdown();
  await meterProvider.shutdown();
  await session.close();
}
