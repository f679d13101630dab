import type { ReadRowsRequestStats } from '../model/read-rows-request-stats.js';
import type { RowData } from '../model/row-data.js';

/** An OpenTelemetry `Context`, opaque outside the observer (see {@link RecordSink.traceContext}). */
export type TraceContext = object;
/**
 * One attempt (one RPC try) of a call, as the observer sees it: ended once, with the failure when it failed.
 *
 * @example
 * ```ts
 * const attempt = record.attempt('MutateRow', 1);
 * attempt.end(); // succeeded
 * ```
 */
export interface AttemptRecord {
  end(error?: unknown): void;
  /** The attempt's response headers or trailers (gRPC metadata) arrived; may come more than once. */
  headers?(metadata: unknown): void;
  /** A response of the attempt arrived (a ReadRows message). */
  responded?(): void;
  /** The caller held the call this long (ms) before asking for more rows. */
  blocked?(ms: number): void;
  /** The attempt waited this long (ms) for flow control (MutateRows `RateLimitInfo`) before it was sent. */
  throttled?(ms: number): void;
}

/**
 * One RPC of a call with all its attempts (a transport `CallScope`): Google's unit of an "operation" in the
 * built-in metrics. Ended once, when the RPC is over.
 *
 * @example
 * ```ts
 * const operation = record.operation('ReadRows');
 * operation.attempt(1).end();
 * operation.end();
 * ```
 */
export interface OperationRecord {
  attempt(n: number): AttemptRecord;
  end(): void;
}

/**
 * Where a record reports what cannot wait for the end of its call: each attempt (a child span) and each retry
 * (an event). The {@link CallObserver} that made the record.
 *
 * @example
 * ```ts
 * const sink: RecordSink = { attempt: () => ({ end: () => undefined }), retry: () => undefined, finish: () => undefined };
 * ```
 */
export interface RecordSink {
  /** `table`: the table the RPC is about, when the call's own is none (an admin RPC of a call about several). */
  attempt(record: CallRecord, rpc: string, attempt: number, table?: string): AttemptRecord;
  retry(record: CallRecord, rpc: string, attempt: number): void;
  /** The call ended (its span, if any, ends). */
  finish(record: CallRecord, error: unknown): void;
  /**
   * The context whose active span is the call's (undefined: the call has no span). Opaque here: an OpenTelemetry
   * `Context`, which only the observer reads; naming its type would make the published declarations import
   * `@opentelemetry/api`, an optional peer that a consumer may not have.
   */
  traceContext?(): TraceContext | undefined;
}

/**
 * What one public call is: the repository operation, the entity class (none for a collection) and the table (empty
 * for a call about several tables, e.g. a schema plan of many).
 */
export interface CallInfo {
  readonly operation: string;
  readonly entity: string | undefined;
  readonly table: string;
}

const NO_ATTEMPT: AttemptRecord = { end: () => undefined };

/**
 * What one public call did, counted by the layers that do it: the transport counts attempts and what it received
 * or sent, the read executor the rows it returned, the write room the batch outcomes. Made only when someone
 * listens (a registered OpenTelemetry provider, an event listener, `explain({ analyze: true })`): without one the
 * layers are handed no record and count nothing.
 *
 * @example
 * ```ts
 * const record = new CallRecord({ operation: 'find', entity: 'Device', table: 'devices' }, sink);
 * record.returned(1);
 * ```
 */
export class CallRecord {
  /** `performance.now()` when the call began. */
  readonly startedAt = performance.now();
  /** Milliseconds the call took; set when it ends. */
  durationMs: number | undefined;
  /** Every RPC try, first tries and retries. */
  attempts = 0;
  /** RPCs (first tries): a saveMany's requests, a read and its top-up rounds, a write and its read-back. */
  requests = 0;
  retries = 0;
  rowsReceived = 0;
  cellsReceived = 0;
  bytesReceived = 0;
  rowsReturned = 0;
  mutations = 0;
  bytesWritten = 0;
  /** Entities of a batch by outcome (undefined: not a batch). */
  batch: { size: number; written: number; notWritten: number; unknown: number } | undefined;
  /** The server's ReadRows stats, one per attempt that got them (only when asked for: see `wantsRequestStats`). */
  readonly requestStats: ReadRowsRequestStats[] = [];
  /** Asks reads for `REQUEST_STATS_FULL` (explain with analyze). */
  wantsRequestStats = false;
  /** The row the call is about, when it is about one (recorded on its span only if the user opts in). */
  rowKey: Uint8Array | undefined;
  /** The failure of the attempt last ended, for the retry that follows it. */
  lastFailure: unknown;
  /**
   * Google's client-side metrics, when they are on (a meter provider is registered and metrics are not switched
   * off): every data call then declares them in its `bigtable-features` header.
   */
  builtin: OperationMeter | undefined;

  constructor(
    readonly info: CallInfo,
    private readonly sink: RecordSink | undefined,
  ) {}

  /** The built-in metrics are on for this call (its data calls declare client-side metrics). */
  get clientSideMetrics(): boolean {
    return this.builtin !== undefined;
  }

  /**
   * An RPC of the call begins: its attempts are counted here, and measured by the built-in metrics when on.
   * `appProfileId`: the profile it runs under, when the call chose its own. `table`: the table it is about, when
   * that is not the call's (an admin RPC of a schema call about several tables).
   */
  operation(rpc: string, appProfileId?: string, table?: string): OperationRecord {
    const measured = this.builtin?.operation(this.info, rpc, appProfileId);
    return {
      attempt: (n) => {
        const attempt = this.attempt(rpc, n, table);
        return measured ? measured.attempt(attempt, n) : attempt;
      },
      end: () => measured?.end(),
    };
  }

  /** An attempt begins: the `n`th try of one RPC of the call. */
  attempt(rpc: string, n: number, table?: string): AttemptRecord {
    this.attempts++;
    if (n === 1) this.requests++;
    else {
      this.retries++;
      this.sink?.retry(this, rpc, n);
    }
    return this.sink ? this.sink.attempt(this, rpc, n, table) : NO_ATTEMPT;
  }

  /** A ReadRows response arrived: its size on the wire and the rows it completed. */
  received(bytes: number, rows: readonly RowData[]): void {
    this.bytesReceived += bytes;
    this.rowsReceived += rows.length;
    for (const row of rows) this.cellsReceived += row.cells.length;
  }

  /** Rows handed to the caller. */
  returned(rows: number): void {
    this.rowsReturned += rows;
  }

  /** A write request is about to be sent: its mutations and estimated size. */
  wrote(mutations: number, bytes: number): void {
    this.mutations += mutations;
    this.bytesWritten += bytes;
  }

  /** Batch entities written (a batch's part that succeeded whole). */
  batchWritten(entities: number): void {
    const batch = (this.batch ??= { size: 0, written: 0, notWritten: 0, unknown: 0 });
    batch.size += entities;
    batch.written += entities;
  }

  /** The call ended: the observer's last word before its metrics and events. */
  finish(error: unknown): void {
    this.sink?.finish(this, error);
  }

  /**
   * The OpenTelemetry context of the call's span, for the calls it is made of to be its children (a backfill's
   * shards): passed explicitly, so that they nest with no context manager and when they run concurrently.
   */
  traceContext(): TraceContext | undefined {
    return this.sink?.traceContext?.();
  }

  /** The server's stats of one ReadRows attempt. */
  stats(stats: ReadRowsRequestStats): void {
    this.requestStats.push(stats);
  }
}

/**
 * One Bigtable operation (one RPC with all its attempts, Google's unit of `operation_latencies`) being measured:
 * wraps each attempt's record, and records the operation when it ends.
 */
export interface BuiltinOperation {
  /** Measures the `n`th try (`inner`: the record's own attempt). */
  attempt(inner: AttemptRecord, n: number): AttemptRecord;
  end(): void;
}

/**
 * What a record measures its RPCs with when Google's client-side metrics are on (`BuiltinMetrics`); declared here,
 * on the floor of the room, so that the record and the metrics need not import each other.
 */
export interface OperationMeter {
  /**
   * Starts measuring one RPC of the call `info` under the app profile `appProfileId` (default: the connection's);
   * undefined: this RPC is not measured.
   */
  operation(info: CallInfo, rpc: string, appProfileId?: string): BuiltinOperation | undefined;
}
