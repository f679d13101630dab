// `npm run bench:observer [-- --calls N --reps N]`: the CPU the observer adds to one traced `get` on top of the
// OpenTelemetry SDK's own minimum for what it emits, with no network (the part of a traced call that is ours to cut).
// "observer" drives a CallObserver through one get's life (begin, one ReadRows operation with one attempt, its
// headers and response, rows received and returned, end) under the production SDK wiring (BatchSpanProcessor and
// PeriodicExportingMetricReader, exporters that drop); "SDK floor" makes the same SDK calls directly, with attribute
// objects made once: one span with the call's attributes, the operation-duration point and the counter points
// (and, beside the observer with `builtinMetrics: true`, the built-in metrics' points). The variants are
// interleaved, a different one first each repetition; medians reported.
import { parseArgs } from 'node:util';
import { metrics, trace } from '@opentelemetry/api';
import type { Attributes } from '@opentelemetry/api';
import { productionProviders } from './fixtures/production-otel.js';
import { CallObserver } from '../src/observe/call-observer.js';
import { ownCpuSeconds } from './harness/cpu-meter.js';
import { formatSpread, spreadOf } from './harness/stats.js';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '5000' }, reps: { type: 'string', default: '25' } },
});
const calls = Number(values.calls);
const reps = Number(values.reps);

const { tracerProvider, meterProvider } = productionProviders();
trace.setGlobalTracerProvider(tracerProvider);
metrics.setGlobalMeterProvider(meterProvider);

const ENDPOINT = { instance: 'bench', serverAddress: 'localhost', serverPort: 8086, projectId: 'bench' };
const INFO = { operation: 'get', entity: 'Reading', table: 'readings' };
const observer = new CallObserver(ENDPOINT);
const withBuiltin = new CallObserver(ENDPOINT, { builtinMetrics: true });
const ROW = { key: new Uint8Array(8), cells: [{}, {}, {}] } as never;
const HEADERS = { get: () => [] };

function observedBy(observer: CallObserver): void {
  const record = observer.begin(INFO)!;
  const operation = record.operation('ReadRows');
  const attempt = operation.attempt(1);
  attempt.headers?.(HEADERS);
  attempt.responded?.();
  record.received(120, [ROW]);
  attempt.end();
  operation.end();
  record.returned(1);
  observer.end(record, undefined);
}

// The same SDK calls with everything made once: the least any instrumentation emitting this costs.
const tracer = tracerProvider.getTracer('floor');
const meter = meterProvider.getMeter('floor');
const spanAttributes: Attributes = {
  'db.system.name': 'gcp.bigtable',
  'db.namespace': 'bench',
  'db.collection.name': 'readings',
  'db.operation.name': 'get',
  'bigtable_mapper.entity': 'Reading',
  'server.address': 'localhost',
  'server.port': 8086,
};
const endAttributes: Attributes = {
  'bigtable_mapper.attempts': 1,
  'bigtable_mapper.requests': 1,
  'bigtable_mapper.rpc': 'ReadRows',
  'bigtable_mapper.rows_received': 1,
  'bigtable_mapper.cells_received': 3,
  'bigtable_mapper.bytes_received': 120,
  'bigtable_mapper.rows_returned': 1,
};
const pointAttributes: Attributes = {
  'db.system.name': 'gcp.bigtable',
  'db.namespace': 'bench',
  'db.collection.name': 'readings',
  'db.operation.name': 'get',
  'bigtable_mapper.entity': 'Reading',
};
const builtinAttributes: Attributes = {
  project_id: 'bench',
  instance: 'bench',
  table: 'readings',
  app_profile: '',
  method: 'Bigtable.ReadRows',
  client_name: 'bigtable-mapper/0.0.0',
  client_uid: 'bigtable-mapper-00000000-0000-0000-0000-000000000000',
  cluster: 'unspecified',
  zone: 'global',
  status: 'OK',
};
const builtinStreaming: Attributes = { ...builtinAttributes, streaming: 'true' };
const duration = meter.createHistogram('floor.duration');
const counters = ['attempts', 'rows.read', 'rows.returned', 'bytes.read'].map((n) =>
  meter.createCounter(`floor.${n}`),
);
const attemptLatencies = meter.createHistogram('floor.attempt_latencies');
const operationLatencies = meter.createHistogram('floor.operation_latencies');
const firstResponse = meter.createHistogram('floor.first_response_latencies');
const retryCount = meter.createCounter('floor.retry_count');
const connectivity = meter.createCounter('floor.connectivity_error_count');

function spanOnly(): void {
  const span = tracer.startSpan('get readings', { attributes: spanAttributes });
  span.setAttributes(endAttributes);
  span.end();
}

function ownPoints(): void {
  duration.record(0.001, pointAttributes);
  for (const counter of counters) counter.add(1, pointAttributes);
}

function builtinPoints(): void {
  attemptLatencies.record(1, builtinStreaming);
  connectivity.add(1, builtinAttributes);
  operationLatencies.record(1, builtinStreaming);
  retryCount.add(0, builtinAttributes);
  firstResponse.record(1, builtinAttributes);
}

function floor(): void {
  spanOnly();
  ownPoints();
}

function floorWithBuiltin(): void {
  floor();
  builtinPoints();
}

// The floor's parts are measured too, to say what each costs: the span, the library's own five points, the
// built-in metrics' five.
// The observer keeps its counters as running totals the meter reads when it collects (docs/observability.md): the
// floor adds to the SDK's synchronous counters, the least a library that hands the SDK every point pays.
const VARIANTS: Record<string, () => void> = {
  observer: () => observedBy(observer),
  'SDK floor': floor,
  'observer, builtinMetrics: true': () => observedBy(withBuiltin),
  'SDK floor with the built-in metrics': floorWithBuiltin,
  'SDK floor: the span alone': spanOnly,
  "SDK floor: the library's 5 metric points": ownPoints,
  "SDK floor: the built-in metrics' 5 points": builtinPoints,
};
const names = Object.keys(VARIANTS);
const perVariant: number[][] = names.map(() => []);
const block = (i: number): number => {
  const run = VARIANTS[names[i]!]!;
  const cpu0 = ownCpuSeconds();
  for (let c = 0; c < calls; c++) run();
  return ((ownCpuSeconds() - cpu0) / calls) * 1e6;
};
for (let w = 0; w < 3; w++) for (let i = 0; i < names.length; i++) block(i);
const ours: number[] = [];
const oursWithBuiltin: number[] = [];
for (let rep = 0; rep < reps; rep++) {
  const got: number[] = [];
  for (let k = 0; k < names.length; k++) {
    const i = (rep + k) % names.length;
    got[i] = block(i);
    perVariant[i]!.push(got[i]!);
  }
  ours.push(got[0]! - got[1]!);
  oursWithBuiltin.push(got[2]! - got[3]!);
  // Let the batch processor and the metric reader do their (timer-driven) work between repetitions.
  await new Promise((resolve) => setTimeout(resolve, 10));
}
console.log(`\n${calls} calls per block, ${reps} repetitions; CPU µs per call, median [min–max]\n`);
for (const [i, name] of names.entries())
  console.log(`| ${name} | ${formatSpread(spreadOf(perVariant[i]!), 1)} |`);
console.log(`| observer − SDK floor (per repetition) | ${formatSpread(spreadOf(ours), 1)} |`);
console.log(
  `| observer with built-in metrics − its SDK floor (per repetition) | ${formatSpread(spreadOf(oursWithBuiltin), 1)} |`,
);
await tracerProvider.shutdown();
await meterProvider.shutdown();
