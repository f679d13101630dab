import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Attributes, Counter, Histogram, Meter } from '@opentelemetry/api';
import { readBigtableResponseHeaders } from './bigtable-response-headers.js';
import type { AttemptRecord, BuiltinOperation, CallInfo, OperationMeter } from './call-record.js';

/** The prefix of every built-in metric's name, as Google's clients name them. */
export const BUILTIN_METRIC_PREFIX = 'bigtable.googleapis.com/internal/client/';

/** The `client_name` attribute: this library and its version. */
export const BUILTIN_CLIENT_NAME = 'bigtable-mapper/0.1.0';

/**
 * The `client_uid` attribute: one id per client process, made once when the module loads, in the shape Google's
 * Java client gives it (`java-<uuid><pid>@<host>`, from the JVM's name): `node-<uuid><pid>@<host>`.
 */
export const BUILTIN_CLIENT_UID = `node-${randomUUID()}${process.pid}@${hostname()}`;

/** Millisecond bucket boundaries of Google's clients' latency histograms. */
const LATENCY_BUCKETS_MS = [
  0, 0.01, 0.05, 0.1, 0.3, 0.6, 0.8, 1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 30, 40, 50, 65, 80, 100, 130,
  160, 200, 250, 300, 400, 500, 650, 800, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 400000,
  800000, 1600000, 3200000,
];

/** gRPC status names by code: the `status` attribute. */
const STATUS_NAMES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
];

/** The data API's RPCs: the only ones Google's built-in metrics measure (an admin RPC such as DropRowRange is not). */
const DATA_RPCS = new Set([
  'ReadRows',
  'SampleRowKeys',
  'MutateRow',
  'MutateRows',
  'CheckAndMutateRow',
  'ReadModifyWriteRow',
]);

/** The RPCs that stream their responses (`streaming` attribute). */
const STREAMING = new Set(['ReadRows', 'MutateRows', 'SampleRowKeys']);

/**
 * The gRPC status name of an attempt's failure: a gRPC error's numeric code, a library error's `grpcCode`, or a
 * library error whose code is a status name (a deadline, a cancellation); else UNKNOWN. OK without a failure.
 *
 * @example
 * ```ts
 * statusNameOf({ code: 14 }); // 'UNAVAILABLE'
 * ```
 */
export function statusNameOf(error: unknown): string {
  if (error === undefined) return 'OK';
  if (typeof error === 'object' && error !== null) {
    const { code, grpcCode } = error as { code?: unknown; grpcCode?: unknown };
    const numeric = typeof code === 'number' ? code : typeof grpcCode === 'number' ? grpcCode : undefined;
    if (numeric !== undefined) return STATUS_NAMES[numeric] ?? 'UNKNOWN';
    // The library's ABORTED is the caller's signal (a gRPC ABORTED has a numeric code): a cancellation, as a
    // closed connection is.
    if (code === 'ABORTED' || code === 'CONNECTION_CLOSED') return 'CANCELLED';
    if (typeof code === 'string' && STATUS_NAMES.includes(code)) return code;
  }
  return 'UNKNOWN';
}

/** Where a connection's calls go: the resource attributes every built-in metric carries. */
export interface BuiltinTarget {
  readonly projectId: string;
  readonly instance: string;
  readonly appProfileId: string | undefined;
}

/**
 * The client-side ("built-in") metrics Google's Bigtable clients record, with their names, units and attributes,
 * as OpenTelemetry instruments on the application's meter provider: `operation_latencies`, `attempt_latencies`,
 * `retry_count`, `first_response_latencies` (ReadRows), `server_latencies` (the `server-timing` header's
 * `gfet4t7`), `application_latencies` (ReadRows), `throttling_latencies` (MutateRows flow control's waits),
 * `connectivity_error_count` (attempts whose response had no `server-timing`). Exporting them to Cloud
 * Monitoring is the application's exporter's job. Attributes never hold a row key.
 *
 * @example
 * ```ts
 * const builtin = new BuiltinMetrics(meter, { projectId: 'p', instance: 'i', appProfileId: undefined });
 * const operation = builtin.operation({ operation: 'get', entity: 'Device', table: 'devices' }, 'ReadRows');
 * ```
 */
export class BuiltinMetrics implements OperationMeter {
  private readonly operationLatencies: Histogram;
  private readonly attemptLatencies: Histogram;
  private readonly firstResponseLatencies: Histogram;
  private readonly serverLatencies: Histogram;
  private readonly applicationLatencies: Histogram;
  private readonly throttlingLatencies: Histogram;
  private readonly retryCount: Counter;
  private readonly connectivityErrors: Counter;

  constructor(
    meter: Meter,
    private readonly target: BuiltinTarget,
  ) {
    const histogram = (name: string, description: string): Histogram =>
      meter.createHistogram(BUILTIN_METRIC_PREFIX + name, {
        unit: 'ms',
        description,
        advice: { explicitBucketBoundaries: LATENCY_BUCKETS_MS },
      });
    const counter = (name: string, description: string): Counter =>
      meter.createCounter(BUILTIN_METRIC_PREFIX + name, { unit: '1', description });
    this.operationLatencies = histogram(
      'operation_latencies',
      'Total latency of an operation (one RPC with all its retries) from start to end.',
    );
    this.attemptLatencies = histogram('attempt_latencies', 'Latency of each RPC attempt.');
    this.firstResponseLatencies = histogram(
      'first_response_latencies',
      'Latency from the start of a ReadRows operation until its first response arrived.',
    );
    this.serverLatencies = histogram(
      'server_latencies',
      "The server's latency of an attempt, from the server-timing header (gfet4t7).",
    );
    this.applicationLatencies = histogram(
      'application_latencies',
      'ReadRows: the time the application held the operation between receiving rows and asking for more.',
    );
    this.throttlingLatencies = histogram(
      'throttling_latencies',
      'The time an attempt waited for MutateRows flow control (RateLimitInfo) before it was sent.',
    );
    this.retryCount = counter('retry_count', 'Attempts sent after the first attempt of an operation.');
    this.connectivityErrors = counter(
      'connectivity_error_count',
      "Attempts whose response carried no server-timing header: they did not reach Google's network.",
    );
  }

  /**
   * Begins measuring one operation of the public call `info`: the RPC `rpc` and its retries, under the app profile
   * `appProfileId` (default: the connection's); undefined for an RPC outside the data API.
   */
  operation(info: CallInfo, rpc: string, appProfileId?: string): BuiltinOperation | undefined {
    if (!DATA_RPCS.has(rpc)) return undefined;
    const startedAt = performance.now();
    const base: Attributes = {
      project_id: this.target.projectId,
      instance: this.target.instance,
      table: info.table,
      // The profile the RPC ran under: its own (a per-call override), else the connection's.
      app_profile: appProfileId ?? this.target.appProfileId ?? '',
      method: `Bigtable.${rpc}`,
      client_name: BUILTIN_CLIENT_NAME,
      client_uid: BUILTIN_CLIENT_UID,
    };
    let cluster = 'unspecified';
    let zone = 'global';
    let attempts = 0;
    // Tries after the first: not attempts - 1, since one MutateRows try may send several requests (a split batch).
    let retries = 0;
    let status = 'UNKNOWN';
    let firstResponseAt: number | undefined;
    let blockedMs: number | undefined;
    let ended = false;
    const streaming = String(STREAMING.has(rpc));
    const throttles = rpc === 'MutateRows';
    const withStatus = (): Attributes => ({ ...base, cluster, zone, status });
    return {
      attempt: (inner, n): AttemptRecord => {
        attempts++;
        if (n > 1) retries++;
        const attemptStartedAt = performance.now();
        let serverLatencyMs: number | undefined;
        let throttledMs = 0;
        let headersSeen = false;
        const read = (metadata: unknown): void => {
          const headers = readBigtableResponseHeaders(metadata);
          if (headers === undefined) return;
          headersSeen = true;
          serverLatencyMs ??= headers.serverLatencyMs;
          if (headers.cluster !== undefined) cluster = headers.cluster;
          if (headers.zone !== undefined) zone = headers.zone;
        };
        let done = false;
        return {
          headers: (metadata) => {
            read(metadata);
            inner.headers?.(metadata);
          },
          responded: () => {
            firstResponseAt ??= performance.now();
            inner.responded?.();
          },
          blocked: (ms) => {
            blockedMs = (blockedMs ?? 0) + ms;
            inner.blocked?.(ms);
          },
          throttled: (ms) => {
            throttledMs += ms;
            inner.throttled?.(ms);
          },
          end: (error) => {
            inner.end(error);
            if (done) return;
            done = true;
            // A failed attempt's trailers (or a trailers-only answer's headers) ride on its error.
            if (error !== undefined && typeof error === 'object' && error !== null && 'metadata' in error)
              read((error as { metadata: unknown }).metadata);
            status = statusNameOf(error);
            const attributes = withStatus();
            this.attemptLatencies.record(performance.now() - attemptStartedAt, { ...attributes, streaming });
            // Every attempt of the one RPC flow control holds back, 0 when it did not wait (Google's clients record
            // a 0 for every other RPC too, which would only cost a point get); neither status nor streaming.
            if (throttles) this.throttlingLatencies.record(throttledMs, { ...base, cluster, zone });
            if (serverLatencyMs !== undefined)
              this.serverLatencies.record(serverLatencyMs, { ...attributes, streaming });
            // Only an attempt whose headers or trailers were seen can say the header was missing (a read that got
            // its rows and left before any metadata cannot).
            else if (headersSeen || error !== undefined) this.connectivityErrors.add(1, attributes);
          },
        };
      },
      end: () => {
        if (ended || attempts === 0) return;
        ended = true;
        const attributes = withStatus();
        this.operationLatencies.record(performance.now() - startedAt, { ...attributes, streaming });
        this.retryCount.add(retries, attributes);
        if (firstResponseAt !== undefined && rpc === 'ReadRows')
          this.firstResponseLatencies.record(firstResponseAt - startedAt, attributes);
        // Google's clients give this one neither status nor streaming.
        if (blockedMs !== undefined) this.applicationLatencies.record(blockedMs, { ...base, cluster, zone });
      },
    };
  }
}
