import type { Attributes, Context, MeterProvider, Span, Tracer, TracerProvider } from '@opentelemetry/api';
import { PartialWriteError } from '../errors/partial-write-error.js';
import { printableKey } from '../errors/printable-key.js';
import { BuiltinMetrics, statusNameOf } from './builtin-metrics.js';
import { CallMetrics } from './call-metrics.js';
import { attributesKey } from './counter-sums.js';
import type { AttemptRecord, CallInfo, RecordSink } from './call-record.js';
import { CallRecord } from './call-record.js';
import type { CallSummary, RetryNotice, ScanWarning } from './call-summary.js';
import { SCAN_WARNING_MIN_ROWS, SCAN_WARNING_RATIO, errorCodeOf } from './call-summary.js';
import type { OpenTelemetry } from './load-open-telemetry.js';
import { loadOpenTelemetry } from './load-open-telemetry.js';
import type { ObserveOptions } from './observe-options.js';
import { TypedEvents } from './typed-events.js';

/** The instrumentation scope of the SDK's spans and metrics. */
export const INSTRUMENTATION_NAME = 'bigtable-mapper';

/** Where the observed calls go: the instance (`db.namespace`) and the server (`server.address`, `server.port`). */
export interface ObservedEndpoint {
  readonly instance: string;
  readonly serverAddress: string;
  readonly serverPort: number | undefined;
  /** The project and app profile of the built-in metrics (`project_id`, `app_profile`). */
  readonly projectId?: string;
  readonly appProfileId?: string | undefined;
}

/**
 * The events of a mapper: `call` after every public call, `retry` before every retried RPC, `warning` for advice a
 * call broke (`W`, the write warnings) and for inefficient scans.
 */
export interface ObserverEvents<W> {
  call: CallSummary;
  retry: RetryNotice;
  warning: W | ScanWarning;
}

/** The shared attributes of one (table, operation, entity): metric points' and spans' (the metric ones plus the server). */
interface AttributeSets {
  readonly base: Attributes;
  /** The content key of `base` (its counters' totals are kept under it). */
  readonly baseKey: string;
  readonly span: Attributes;
  /** The span name of a call: `{db.operation.name} {db.collection.name}`, or the operation alone. */
  readonly name: string;
}

const MAX_ATTRIBUTE_SETS = 1_000;

/**
 * One attempt of a traced call, drawn as a child span only when the call makes more than one (see the sink): until
 * then it keeps its times and outcome, and drawing it later gives the span those times.
 */
class LazyAttempt implements AttemptRecord {
  private readonly startedAt = performance.now();
  private endedAt: number | undefined;
  private error: unknown;
  private span: Span | undefined;

  constructor(
    private readonly otel: OpenTelemetry,
    private readonly record: CallRecord,
    readonly rpc: string,
    private readonly n: number,
    /** The table the RPC is about when the call names none (see RecordSink.attempt). */
    readonly table: string | undefined,
  ) {}

  draw(tracer: Tracer, parent: Context, attributes: Attributes): void {
    const { otel } = this;
    const span = tracer.startSpan(
      this.rpc,
      { kind: otel.SpanKind.CLIENT, attributes, startTime: hrTimeOf(this.startedAt) },
      parent,
    );
    span.setAttribute('bigtable_mapper.attempt', this.n);
    this.span = span;
    if (this.endedAt !== undefined) this.close(span, this.endedAt);
  }

  end(error?: unknown): void {
    this.record.lastFailure = error;
    this.error = error;
    this.endedAt = performance.now();
    if (this.span) this.close(this.span, this.endedAt);
  }

  private close(span: Span, at: number): void {
    // An attempt fails with the RPC's own error: its gRPC status names it (NOT_FOUND, UNAVAILABLE), not its class.
    if (this.error !== undefined) failSpan(this.otel, span, this.error, attemptErrorType(this.error));
    // An attempt whose cleanup ran after its call ended (its RPC had answered before) ends with the call.
    const { durationMs, startedAt } = this.record;
    span.end(hrTimeOf(durationMs === undefined ? at : Math.min(at, startedAt + durationMs)));
  }
}

/**
 * A `performance.now()` instant as an OpenTelemetry HrTime on one fixed origin. The SDK would convert a number with
 * an offset it takes per span from `Date.now()` (millisecond-grained), so two spans of one call could disagree by
 * up to a millisecond and a child could end after its call; HrTimes are taken as they are.
 */
function hrTimeOf(performanceMs: number): [number, number] {
  const epochMs = performance.timeOrigin + performanceMs;
  const seconds = Math.floor(epochMs / 1000);
  const nanos = Math.min(999_999_999, Math.round((epochMs - seconds * 1000) * 1_000_000));
  return [seconds, nanos];
}

/** An attempt's error type: a gRPC error's status name (it has a numeric code), else the library error's code. */
function attemptErrorType(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? statusNameOf(error) : errorCodeOf(error);
}

/** A provider's class name tells the API's no-op apart (the API exports no other way to ask). */
function isNoop(provider: object): boolean {
  return provider.constructor.name.startsWith('Noop');
}

/**
 * Observes a mapper's public calls: begins a {@link CallRecord} for each (only when someone listens), and when the
 * call ends turns it into a span, metrics and a `call` event. One per mapper.
 *
 * @example
 * ```ts
 * const observer = new CallObserver({ instance: 'i', serverAddress: 'bigtable.googleapis.com', serverPort: 443 });
 * const record = observer.begin({ operation: 'get', entity: 'Device', table: 'devices' });
 * observer.end(record, undefined);
 * ```
 */
export class CallObserver<W = never> {
  readonly events = new TypedEvents<ObserverEvents<W>>(['call', 'retry', 'warning']);
  private readonly otel: OpenTelemetry | undefined;
  private tracerFrom: TracerProvider | undefined;
  private tracer: Tracer | undefined;
  private meterFrom: MeterProvider | undefined;
  private metrics: CallMetrics | undefined;
  private builtin: BuiltinMetrics | undefined;
  /**
   * What was made for each meter provider seen (the instruments are the meter's, shared by every mapper; the built-in
   * metrics' attribute sets are this mapper's): a provider registered again (after `metrics.disable()`) gets them
   * back instead of new ones.
   */
  private readonly instruments = new WeakMap<
    MeterProvider,
    { metrics: CallMetrics; builtin: BuiltinMetrics | undefined }
  >();
  private readonly attributeSets = new Map<string, AttributeSets>();

  constructor(
    private readonly endpoint: ObservedEndpoint,
    private readonly options: ObserveOptions = {},
  ) {
    this.otel = options.tracing === false && options.metrics === false ? undefined : loadOpenTelemetry();
  }

  /** The SDK's tracer while a real tracer provider is registered. */
  private activeTracer(otel: OpenTelemetry): Tracer | undefined {
    if (this.options.tracing === false) return undefined;
    const global = otel.trace.getTracerProvider();
    const provider = global instanceof otel.ProxyTracerProvider ? global.getDelegate() : global;
    if (provider !== this.tracerFrom) {
      this.tracerFrom = provider;
      this.tracer = isNoop(provider) ? undefined : provider.getTracer(INSTRUMENTATION_NAME);
    }
    return this.tracer;
  }

  /** The SDK's instruments while a real meter provider is registered. */
  private activeMetrics(otel: OpenTelemetry): CallMetrics | undefined {
    if (this.options.metrics === false) return undefined;
    const provider = otel.metrics.getMeterProvider();
    if (provider !== this.meterFrom) {
      this.meterFrom = provider;
      let made = this.instruments.get(provider);
      if (made === undefined && !isNoop(provider)) {
        const meter = provider.getMeter(INSTRUMENTATION_NAME);
        const { projectId = '', instance, appProfileId } = this.endpoint;
        made = {
          metrics: CallMetrics.of(meter),
          builtin:
            this.options.builtinMetrics === true
              ? new BuiltinMetrics(meter, { projectId, instance, appProfileId })
              : undefined,
        };
        this.instruments.set(provider, made);
      }
      this.metrics = made?.metrics;
      this.builtin = made?.builtin;
    }
    return this.metrics;
  }

  /**
   * Begins observing a public call: a record (and a span, parented to the active context) when anyone listens,
   * else undefined. `always` makes a record regardless (explain with analyze). A `parent` record's span (when it
   * has one) is the span's parent instead of the active context's.
   */
  begin(info: CallInfo, always = false, parent?: CallRecord): CallRecord | undefined {
    const { otel } = this;
    const tracer = otel && this.activeTracer(otel);
    const metered = otel !== undefined && this.activeMetrics(otel) !== undefined;
    const others = always || metered || this.events.listens();
    let span =
      otel && tracer
        ? this.startSpan(otel, tracer, info, parent?.traceContext() as Context | undefined)
        : undefined;
    // A span the sampler dropped records nothing, nor would its children (the default sampler follows the parent).
    if (span !== undefined && !span.isRecording()) {
      span.end();
      span = undefined;
    }
    if (span === undefined && !others) return undefined;
    const record = new CallRecord(info, this.sink(info, otel, span));
    if (metered) record.builtin = this.builtin;
    return record;
  }

  private startSpan(otel: OpenTelemetry, tracer: Tracer, info: CallInfo, parent: Context | undefined): Span {
    const sets = this.attributesOf(info, info.operation);
    return tracer.startSpan(
      sets.name,
      // Explicit times on one origin, as the attempt spans drawn after the fact have (see hrTimeOf): with the SDK's
      // own clock a child could end after its call (seen: 140 µs in CI).
      {
        kind: otel.SpanKind.CLIENT,
        attributes: sets.span,
        startTime: hrTimeOf(performance.now()),
      },
      parent ?? otel.context.active(),
    );
  }

  /**
   * The attribute sets of a (table, operation, entity): built once and shared by every call and metric point (the
   * SDK copies span attributes and keys metric points by their content), so a call builds no attribute object.
   */
  private attributesOf(info: CallInfo, operation: string): AttributeSets {
    const key = `${info.table}\n${operation}\n${info.entity ?? ''}`;
    let sets = this.attributeSets.get(key);
    if (sets === undefined) {
      const { instance, serverAddress, serverPort } = this.endpoint;
      const base: Attributes = Object.freeze({
        'db.system.name': 'gcp.bigtable',
        'db.namespace': instance,
        // A call about several tables (a schema plan of many) names none.
        ...(info.table === '' ? {} : { 'db.collection.name': info.table }),
        'db.operation.name': operation,
        ...(info.entity === undefined ? {} : { 'bigtable_mapper.entity': info.entity }),
      });
      const span: Attributes = Object.freeze({
        ...base,
        'server.address': serverAddress,
        ...(serverPort === undefined ? {} : { 'server.port': serverPort }),
      });
      // Low cardinality by design; the bound only guards against a table name made per call.
      if (this.attributeSets.size >= MAX_ATTRIBUTE_SETS) this.attributeSets.clear();
      sets = {
        base,
        baseKey: attributesKey(base),
        span,
        name: info.table === '' ? operation : `${operation} ${info.table}`,
      };
      this.attributeSets.set(key, sets);
    }
    return sets;
  }

  /**
   * What a record reports as it goes: its attempts, a `retry` event per retry, its end. A call's first attempt gets a
   * child span only once a second one begins (a retry, another request): most calls make one RPC, whose span would
   * only repeat the call's, so the lone attempt is kept as its start and end times and drawn only when needed.
   */
  private sink(info: CallInfo, otel: OpenTelemetry | undefined, span: Span | undefined): RecordSink {
    let context: Context | undefined;
    let lone: LazyAttempt | undefined;
    let many = false;
    // The call made a ReadRows: its span then says how many rows it returned, none included.
    let read = false;
    const contextOf = (): Context => (context ??= otel!.trace.setSpan(otel!.context.active(), span!));
    const draw = (attempt: LazyAttempt): void => {
      const about =
        attempt.table === undefined || info.table !== '' ? info : { ...info, table: attempt.table };
      attempt.draw(this.tracer!, contextOf(), this.attributesOf(about, attempt.rpc).span);
    };
    return {
      attempt: (record, rpc, n, table): AttemptRecord => {
        read ||= rpc === 'ReadRows';
        if (otel === undefined || span === undefined) return { end: (error) => (record.lastFailure = error) };
        const attempt = new LazyAttempt(otel, record, rpc, n, table);
        if (lone === undefined && !many) lone = attempt;
        else {
          if (!many && lone !== undefined) draw(lone);
          many = true;
          draw(attempt);
        }
        return attempt;
      },
      retry: (record, rpc, n) => {
        if (!this.events.listens('retry')) return;
        const error = record.lastFailure;
        this.events.emit('retry', {
          operation: info.operation,
          entity: info.entity,
          table: info.table,
          rpc,
          attempt: n,
          error,
          errorCode: error === undefined ? undefined : errorCodeOf(error),
        });
      },
      traceContext: () => (otel === undefined || span === undefined ? undefined : contextOf()),
      finish: (record, error) => {
        if (otel === undefined || span === undefined) return;
        setRecordAttributes(span, record, many ? undefined : lone?.rpc, read);
        if (this.options.recordKeys === true && record.rowKey !== undefined)
          span.setAttribute('bigtable_mapper.row_key', printableKey(record.rowKey));
        if (error !== undefined) failSpan(otel, span, error);
        span.end(hrTimeOf(record.startedAt + (record.durationMs ?? performance.now() - record.startedAt)));
      },
    };
  }

  /** Ends a call: its span, its metrics, its `call` event and, for a wasteful read, a `warning` event. */
  end(record: CallRecord | undefined, error: unknown): void {
    if (record === undefined) return;
    record.durationMs = performance.now() - record.startedAt;
    const failed = error !== undefined;
    const errorType = failed ? errorCodeOf(error) : undefined;
    if (error instanceof PartialWriteError) {
      const count = (o: string): number => error.outcomes.filter((x) => x === o).length;
      record.batch = {
        size: error.outcomes.length,
        written: count('written'),
        notWritten: count('notWritten'),
        unknown: count('unknown'),
      };
    }
    record.finish(error);
    const { otel } = this;
    if (otel) {
      const metrics = this.activeMetrics(otel);
      if (metrics !== undefined) {
        const sets = this.attributesOf(record.info, record.info.operation);
        metrics.record(record, sets.base, sets.baseKey, errorType);
      }
    }
    if (this.events.listens('call')) this.events.emit('call', summaryOf(record, error, errorType));
    if (
      this.events.listens('warning') &&
      record.rowsReceived >= SCAN_WARNING_MIN_ROWS &&
      record.rowsReturned * SCAN_WARNING_RATIO < record.rowsReceived
    ) {
      const { operation, entity, table } = record.info;
      this.events.emit('warning', {
        code: 'INEFFICIENT_SCAN',
        operation,
        entity,
        table,
        rowsReceived: record.rowsReceived,
        rowsReturned: record.rowsReturned,
        message:
          `${operation} of ${entity ?? 'a collection'} on table ${table} received ${record.rowsReceived} rows ` +
          `and returned ${record.rowsReturned}: a narrower key range or a server-side filter would read less`,
      });
    }
  }
}

/** Marks a span failed with the error's type only: messages may name row keys, which spans never carry. */
function failSpan(otel: OpenTelemetry, span: Span, error: unknown, type = errorCodeOf(error)): void {
  span.setAttribute('error.type', type);
  span.setStatus({ code: otel.SpanStatusCode.ERROR, message: type });
}

/**
 * Sets the library attributes of an ended call's span: what it cost (counts only, never keys or values), and the
 * RPC of a call that made a single attempt (which then has no child span to name it). One by one: an attributes
 * object would only be copied by the SDK, key by key.
 */
function setRecordAttributes(
  span: Span,
  record: CallRecord,
  loneRpc: string | undefined,
  read: boolean,
): void {
  span.setAttribute('bigtable_mapper.attempts', record.attempts);
  span.setAttribute('bigtable_mapper.requests', record.requests);
  if (loneRpc !== undefined) span.setAttribute('bigtable_mapper.rpc', loneRpc);
  if (record.retries > 0) span.setAttribute('bigtable_mapper.retries', record.retries);
  if (record.rowsReceived > 0) span.setAttribute('bigtable_mapper.rows_received', record.rowsReceived);
  if (record.cellsReceived > 0) span.setAttribute('bigtable_mapper.cells_received', record.cellsReceived);
  if (record.bytesReceived > 0) span.setAttribute('bigtable_mapper.bytes_received', record.bytesReceived);
  // A read that returned nothing says so (a zero is information there, not noise).
  if (record.rowsReturned > 0 || (read && record.mutations === 0))
    span.setAttribute('bigtable_mapper.rows_returned', record.rowsReturned);
  if (record.mutations > 0) span.setAttribute('bigtable_mapper.mutations', record.mutations);
  if (record.bytesWritten > 0) span.setAttribute('bigtable_mapper.bytes_written', record.bytesWritten);
  const { batch } = record;
  if (batch) {
    span.setAttribute('bigtable_mapper.batch.size', batch.size);
    span.setAttribute('bigtable_mapper.batch.written', batch.written);
    span.setAttribute('bigtable_mapper.batch.not_written', batch.notWritten);
    span.setAttribute('bigtable_mapper.batch.unknown', batch.unknown);
  }
}

/**
 * The `call` event of an ended record. Fields are named one by one, as in the `retry` event: on Node 20 (V8 11.3) an
 * object literal that spreads one object and adds more properties takes a slow path that grows with the properties
 * added, about 14 µs for this one (40 ns on Node 24) — more than the rest of a `get`'s record costs.
 */
function summaryOf(record: CallRecord, error: unknown, errorType: string | undefined): CallSummary {
  const { operation, entity, table } = record.info;
  return {
    operation,
    entity,
    table,
    durationMs: record.durationMs ?? 0,
    outcome: error === undefined ? 'ok' : 'error',
    error,
    errorCode: errorType,
    attempts: record.attempts,
    retries: record.retries,
    requests: record.requests,
    rowsReceived: record.rowsReceived,
    cellsReceived: record.cellsReceived,
    bytesReceived: record.bytesReceived,
    rowsReturned: record.rowsReturned,
    mutations: record.mutations,
    bytesWritten: record.bytesWritten,
    batch: record.batch,
  };
}
