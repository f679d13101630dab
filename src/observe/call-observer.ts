import type {
  Attributes,
  Context,
  Meter,
  MeterProvider,
  Span,
  Tracer,
  TracerProvider,
} from '@opentelemetry/api';
import { PartialWriteError } from '../errors/partial-write-error.js';
import { printableKey } from '../errors/printable-key.js';
import { BuiltinMetrics } from './builtin-metrics.js';
import { CallMetrics } from './call-metrics.js';
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
      const meter: Meter | undefined = isNoop(provider) ? undefined : provider.getMeter(INSTRUMENTATION_NAME);
      this.metrics = meter && new CallMetrics(meter);
      const { projectId = '', instance, appProfileId } = this.endpoint;
      this.builtin = meter && new BuiltinMetrics(meter, { projectId, instance, appProfileId });
    }
    return this.metrics;
  }

  /**
   * Begins observing a public call: a record (and a span, parented to the active context) when anyone listens,
   * else undefined. `always` makes a record regardless (explain with analyze).
   */
  begin(info: CallInfo, always = false): CallRecord | undefined {
    const { otel } = this;
    const tracer = otel && this.activeTracer(otel);
    const others =
      always || (otel !== undefined && this.activeMetrics(otel) !== undefined) || this.events.listens();
    let trace = otel && tracer ? this.startSpan(otel, tracer, info) : undefined;
    // A span the sampler dropped records nothing, nor would its children (the default sampler follows the parent).
    if (trace !== undefined && !trace.span.isRecording()) {
      trace.span.end();
      trace = undefined;
    }
    if (trace === undefined && !others) return undefined;
    const record = new CallRecord(info, this.sink(info, trace));
    if (otel !== undefined && this.activeMetrics(otel) !== undefined) record.builtin = this.builtin;
    return record;
  }

  private startSpan(otel: OpenTelemetry, tracer: Tracer, info: CallInfo): { span: Span; context: Context } {
    const parent = otel.context.active();
    const span = tracer.startSpan(
      `${info.operation} ${info.table}`,
      { kind: otel.SpanKind.CLIENT, attributes: this.spanAttributes(info, info.operation) },
      parent,
    );
    return { span, context: otel.trace.setSpan(parent, span) };
  }

  private baseAttributes(info: CallInfo, operation: string): Attributes {
    return {
      'db.system.name': 'gcp.bigtable',
      'db.namespace': this.endpoint.instance,
      'db.collection.name': info.table,
      'db.operation.name': operation,
      ...(info.entity === undefined ? {} : { 'bigtable_mapper.entity': info.entity }),
    };
  }

  private spanAttributes(info: CallInfo, operation: string): Attributes {
    const { serverAddress, serverPort } = this.endpoint;
    return {
      ...this.baseAttributes(info, operation),
      'server.address': serverAddress,
      ...(serverPort === undefined ? {} : { 'server.port': serverPort }),
    };
  }

  /** What a record reports as it goes: a child span per attempt, a `retry` event per retry. */
  private sink(info: CallInfo, trace: { span: Span; context: Context } | undefined): RecordSink {
    const { otel } = this;
    return {
      attempt: (record, rpc, n): AttemptRecord => {
        if (otel === undefined || trace === undefined)
          return { end: (error) => (record.lastFailure = error) };
        const span = this.tracer!.startSpan(
          rpc,
          {
            kind: otel.SpanKind.CLIENT,
            attributes: { ...this.spanAttributes(info, rpc), 'bigtable_mapper.attempt': n },
          },
          trace.context,
        );
        return {
          end: (error) => {
            record.lastFailure = error;
            if (error !== undefined) failSpan(otel, span, error);
            span.end();
          },
        };
      },
      retry: (record, rpc, n) => {
        if (!this.events.listens('retry')) return;
        const error = record.lastFailure;
        this.events.emit('retry', {
          ...info,
          rpc,
          attempt: n,
          error,
          errorCode: error === undefined ? undefined : errorCodeOf(error),
        });
      },
      finish: (record, error) => {
        if (otel === undefined || trace === undefined) return;
        trace.span.setAttributes(recordAttributes(record));
        if (this.options.recordKeys === true && record.rowKey !== undefined)
          trace.span.setAttribute('bigtable_mapper.row_key', printableKey(record.rowKey));
        if (error !== undefined) failSpan(otel, trace.span, error);
        trace.span.end();
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
      metrics?.record(record, this.baseAttributes(record.info, record.info.operation), errorType);
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
function failSpan(otel: OpenTelemetry, span: Span, error: unknown): void {
  const type = errorCodeOf(error);
  span.setAttribute('error.type', type);
  span.setStatus({ code: otel.SpanStatusCode.ERROR, message: type });
}

/** The library attributes of an ended call's span: what it cost (counts only, never keys or values). */
function recordAttributes(record: CallRecord): Attributes {
  const attributes: Attributes = {
    'bigtable_mapper.attempts': record.attempts,
    'bigtable_mapper.requests': record.requests,
  };
  const counts: ReadonlyArray<readonly [string, number]> = [
    ['retries', record.retries],
    ['rows_received', record.rowsReceived],
    ['cells_received', record.cellsReceived],
    ['bytes_received', record.bytesReceived],
    ['rows_returned', record.rowsReturned],
    ['mutations', record.mutations],
    ['bytes_written', record.bytesWritten],
  ];
  for (const [name, value] of counts) if (value > 0) attributes[`bigtable_mapper.${name}`] = value;
  // A read that returned nothing says so (a zero is information there, not noise).
  if (record.requests > 0 && record.mutations === 0)
    attributes['bigtable_mapper.rows_returned'] = record.rowsReturned;
  const { batch } = record;
  if (batch) {
    attributes['bigtable_mapper.batch.size'] = batch.size;
    attributes['bigtable_mapper.batch.written'] = batch.written;
    attributes['bigtable_mapper.batch.not_written'] = batch.notWritten;
    attributes['bigtable_mapper.batch.unknown'] = batch.unknown;
  }
  return attributes;
}

function summaryOf(record: CallRecord, error: unknown, errorType: string | undefined): CallSummary {
  return {
    ...record.info,
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
