import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Attributes, Histogram, Meter } from '@opentelemetry/api';
import { readBigtableResponseHeaders } from './bigtable-response-headers.js';
import { DeferredPoints } from './deferred-points.js';
import { CounterSums, addTo, attributesKey } from './counter-sums.js';
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
 * The attributes of the built-in metrics' points (with `status` and `streaming`, with `status`, with neither), and
 * the (table, RPC, app profile, cluster, zone, status) they were made for.
 */
interface BuiltinAttributeSets {
  readonly table: string;
  readonly rpc: string;
  readonly appProfile: string;
  readonly cluster: string;
  readonly zone: string;
  readonly status: string;
  readonly streaming: Attributes;
  readonly plain: Attributes;
  /** The content key of `plain` (its counters' totals are kept under it). */
  readonly plainKey: string;
  readonly noStatus: Attributes;
}

const MAX_ATTRIBUTE_SETS = 1_000;

/** The built-in counters, in their slot order (see CounterSums). */
const BUILTIN_COUNTERS = [
  {
    name: BUILTIN_METRIC_PREFIX + 'retry_count',
    unit: '1',
    description: 'Attempts sent after the first attempt of an operation.',
  },
  {
    name: BUILTIN_METRIC_PREFIX + 'connectivity_error_count',
    unit: '1',
    description:
      "Attempts whose response carried no server-timing header: they did not reach Google's network.",
  },
];
const RETRY_COUNT = 0;
const CONNECTIVITY_ERRORS = 1;

/** The built-in metrics' instruments on one meter. */
interface BuiltinInstruments {
  readonly operationLatencies: Histogram;
  readonly attemptLatencies: Histogram;
  readonly firstResponseLatencies: Histogram;
  readonly serverLatencies: Histogram;
  readonly applicationLatencies: Histogram;
  readonly throttlingLatencies: Histogram;
  readonly counters: CounterSums;
  /** The histograms' points, handed to the SDK in batches and at each collection (see DeferredPoints). */
  readonly points: DeferredPoints;
}

/** The instruments made on each meter: shared by every mapper of the process (see CounterSums). */
const byMeter = new WeakMap<Meter, BuiltinInstruments>();

function instrumentsOf(meter: Meter): BuiltinInstruments {
  let made = byMeter.get(meter);
  if (made !== undefined) return made;
  const histogram = (name: string, description: string): Histogram =>
    meter.createHistogram(BUILTIN_METRIC_PREFIX + name, {
      unit: 'ms',
      description,
      advice: { explicitBucketBoundaries: LATENCY_BUCKETS_MS },
    });
  const points = new DeferredPoints();
  made = {
    operationLatencies: histogram(
      'operation_latencies',
      'Total latency of an operation (one RPC with all its retries) from start to end.',
    ),
    attemptLatencies: histogram('attempt_latencies', 'Latency of each RPC attempt.'),
    firstResponseLatencies: histogram(
      'first_response_latencies',
      'Latency from the start of a ReadRows operation until its first response arrived.',
    ),
    serverLatencies: histogram(
      'server_latencies',
      "The server's latency of an attempt, from the server-timing header (gfet4t7).",
    ),
    applicationLatencies: histogram(
      'application_latencies',
      'ReadRows: the time the application held the operation between receiving rows and asking for more.',
    ),
    throttlingLatencies: histogram(
      'throttling_latencies',
      'The time an attempt waited for MutateRows flow control (RateLimitInfo) before it was sent.',
    ),
    counters: new CounterSums(meter, BUILTIN_COUNTERS, () => points.flush()),
    points,
  };
  byMeter.set(meter, made);
  return made;
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
  private readonly instruments: BuiltinInstruments;
  private readonly attributeSets = new Map<string, BuiltinAttributeSets>();
  private lastSets: BuiltinAttributeSets | undefined;

  constructor(
    meter: Meter,
    private readonly target: BuiltinTarget,
  ) {
    this.instruments = instrumentsOf(meter);
  }

  /**
   * The attribute sets of an operation's (table, RPC, app profile, cluster, zone, status), made once and shared by
   * every point recorded with them: a call builds no attribute object (the SDK keys its points by their content, not
   * their identity). The sets used last are kept aside: consecutive calls nearly always share them.
   */
  private attributesOf(operation: MeasuredOperation): BuiltinAttributeSets {
    const { table, rpc, appProfile, cluster, zone, status } = operation;
    const last = this.lastSets;
    if (
      last !== undefined &&
      last.table === table &&
      last.rpc === rpc &&
      last.appProfile === appProfile &&
      last.cluster === cluster &&
      last.zone === zone &&
      last.status === status
    )
      return last;
    const key = `${table}\n${rpc}\n${appProfile}\n${cluster}\n${zone}\n${status}`;
    let sets = this.attributeSets.get(key);
    if (sets === undefined) {
      const noStatus: Attributes = Object.freeze({
        project_id: this.target.projectId,
        instance: this.target.instance,
        table,
        app_profile: appProfile,
        method: `Bigtable.${rpc}`,
        client_name: BUILTIN_CLIENT_NAME,
        client_uid: BUILTIN_CLIENT_UID,
        cluster,
        zone,
      });
      const plain: Attributes = Object.freeze({ ...noStatus, status });
      const streaming = Object.freeze({ ...plain, streaming: String(STREAMING.has(rpc)) });
      sets = {
        table,
        rpc,
        appProfile,
        cluster,
        zone,
        status,
        noStatus,
        plain,
        plainKey: attributesKey(plain),
        streaming,
      };
      // Low cardinality by design; the bound only guards against a table name made per call.
      if (this.attributeSets.size >= MAX_ATTRIBUTE_SETS) this.attributeSets.clear();
      this.attributeSets.set(key, sets);
    }
    this.lastSets = sets;
    return sets;
  }

  /**
   * Begins measuring one operation of the public call `info`: the RPC `rpc` and its retries, under the app profile
   * `appProfileId` (default: the connection's); undefined for an RPC outside the data API.
   */
  operation(info: CallInfo, rpc: string, appProfileId?: string): BuiltinOperation | undefined {
    if (!DATA_RPCS.has(rpc)) return undefined;
    // The profile the RPC ran under: its own (a per-call override), else the connection's.
    return new MeasuredOperation(this, info.table, rpc, appProfileId ?? this.target.appProfileId ?? '');
  }

  /** Records one ended attempt of `operation`. */
  recordAttempt(
    operation: MeasuredOperation,
    latencyMs: number,
    throttledMs: number,
    serverLatencyMs: number | undefined,
    connectivityError: boolean,
  ): void {
    const sets = this.attributesOf(operation);
    this.instruments.points.record(this.instruments.attemptLatencies, latencyMs, sets.streaming);
    // Every attempt of the one RPC flow control holds back, 0 when it did not wait (Google's clients record a 0 for
    // every other RPC too, which would only cost a point get); neither status nor streaming.
    if (operation.rpc === 'MutateRows')
      this.instruments.points.record(this.instruments.throttlingLatencies, throttledMs, sets.noStatus);
    if (serverLatencyMs !== undefined)
      this.instruments.points.record(this.instruments.serverLatencies, serverLatencyMs, sets.streaming);
    // Only an attempt whose headers or trailers were seen can say the header was missing (a read that got its rows
    // and left before any metadata cannot).
    else if (connectivityError)
      addTo(this.instruments.counters.slots(sets.plainKey, sets.plain), CONNECTIVITY_ERRORS, 1);
  }

  /** Records one ended operation. */
  recordOperation(operation: MeasuredOperation, endedAt: number): void {
    const sets = this.attributesOf(operation);
    const { startedAt, firstResponseAt, blockedMs } = operation;
    this.instruments.points.record(this.instruments.operationLatencies, endedAt - startedAt, sets.streaming);
    // Google's clients record it for every operation, 0 included.
    addTo(this.instruments.counters.slots(sets.plainKey, sets.plain), RETRY_COUNT, operation.retries);
    if (firstResponseAt !== undefined && operation.rpc === 'ReadRows')
      this.instruments.points.record(
        this.instruments.firstResponseLatencies,
        firstResponseAt - startedAt,
        sets.plain,
      );
    // Google's clients give this one neither status nor streaming.
    if (blockedMs !== undefined)
      this.instruments.points.record(this.instruments.applicationLatencies, blockedMs, sets.noStatus);
  }
}

/**
 * One operation being measured (see {@link BuiltinMetrics.operation}): a class rather than closures, since every
 * measured data call makes one, and one {@link MeasuredAttempt} per try.
 *
 * @example
 * ```ts
 * const operation = builtin.operation({ operation: 'get', entity: 'Device', table: 'devices' }, 'ReadRows')!;
 * operation.attempt(record.attempt('ReadRows', 1), 1).end();
 * operation.end();
 * ```
 */
export class MeasuredOperation implements BuiltinOperation {
  readonly startedAt = performance.now();
  cluster = 'unspecified';
  zone = 'global';
  status = 'UNKNOWN';
  attempts = 0;
  /** Tries after the first: not attempts - 1, since one MutateRows try may send several requests (a split batch). */
  retries = 0;
  firstResponseAt: number | undefined;
  blockedMs: number | undefined;
  private ended = false;

  constructor(
    private readonly metrics: BuiltinMetrics,
    readonly table: string,
    readonly rpc: string,
    readonly appProfile: string,
  ) {}

  attempt(inner: AttemptRecord, n: number): AttemptRecord {
    this.attempts++;
    if (n > 1) this.retries++;
    return new MeasuredAttempt(this.metrics, this, inner);
  }

  /** Response headers (or an error's trailers) name where the operation was served. */
  served(cluster: string | undefined, zone: string | undefined): void {
    if (cluster !== undefined) this.cluster = cluster;
    if (zone !== undefined) this.zone = zone;
  }

  end(): void {
    if (this.ended || this.attempts === 0) return;
    this.ended = true;
    this.metrics.recordOperation(this, performance.now());
  }
}

/** One try of a measured operation, wrapping the record's own attempt (`inner`). */
class MeasuredAttempt implements AttemptRecord {
  private readonly startedAt = performance.now();
  private serverLatencyMs: number | undefined;
  private throttledMs = 0;
  private headersSeen = false;
  private done = false;

  constructor(
    private readonly metrics: BuiltinMetrics,
    private readonly operation: MeasuredOperation,
    private readonly inner: AttemptRecord,
  ) {}

  private read(metadata: unknown): void {
    const headers = readBigtableResponseHeaders(metadata);
    if (headers === undefined) return;
    this.headersSeen = true;
    this.serverLatencyMs ??= headers.serverLatencyMs;
    this.operation.served(headers.cluster, headers.zone);
  }

  headers(metadata: unknown): void {
    this.read(metadata);
    this.inner.headers?.(metadata);
  }

  responded(): void {
    this.operation.firstResponseAt ??= performance.now();
    this.inner.responded?.();
  }

  blocked(ms: number): void {
    this.operation.blockedMs = (this.operation.blockedMs ?? 0) + ms;
    this.inner.blocked?.(ms);
  }

  throttled(ms: number): void {
    this.throttledMs += ms;
    this.inner.throttled?.(ms);
  }

  end(error?: unknown): void {
    this.inner.end(error);
    if (this.done) return;
    this.done = true;
    // A failed attempt's trailers (or a trailers-only answer's headers) ride on its error.
    if (error !== undefined && typeof error === 'object' && error !== null && 'metadata' in error)
      this.read((error as { metadata: unknown }).metadata);
    this.operation.status = statusNameOf(error);
    this.metrics.recordAttempt(
      this.operation,
      performance.now() - this.startedAt,
      this.throttledMs,
      this.serverLatencyMs,
      this.headersSeen || error !== undefined,
    );
  }
}
