/**
 * What one public call did, handed to `mapper.events.on('call', …)` after it ends (successfully or not). Counts
 * are those of the whole call: every attempt, every RPC (a write's read-back, a batch's requests).
 *
 * @example
 * ```ts
 * mapper.events.on('call', (s: CallSummary) => {
 *   if (s.outcome === 'error') console.warn(s.operation, s.entity, s.errorCode, `${s.durationMs} ms`);
 * });
 * ```
 */
export interface CallSummary {
  /** The repository or query operation: `get`, `getMany`, `find`, `count`, `save`, `saveMany`, `collection`, … */
  readonly operation: string;
  /** The entity class; undefined for a collection read (several classes). */
  readonly entity: string | undefined;
  /** The physical table id. */
  readonly table: string;
  readonly durationMs: number;
  readonly outcome: 'ok' | 'error';
  /** The error the call failed with. */
  readonly error: unknown;
  /** The error's stable `code` (`OPTIMISTIC_LOCK`, `OUTCOME_UNKNOWN`, …) or its class name. */
  readonly errorCode: string | undefined;
  /** RPC tries, first tries and retries. */
  readonly attempts: number;
  readonly retries: number;
  /** RPCs made (first tries). */
  readonly requests: number;
  readonly rowsReceived: number;
  readonly cellsReceived: number;
  /** ReadRows response bytes on the wire. */
  readonly bytesReceived: number;
  /** Rows handed to the caller after client-side conditions and limits. */
  readonly rowsReturned: number;
  readonly mutations: number;
  /** Estimated bytes of the write requests sent. */
  readonly bytesWritten: number;
  /** Per-entity outcomes of a batch (`saveMany`, `deleteMany`); undefined for other calls. */
  readonly batch:
    | {
        readonly size: number;
        readonly written: number;
        readonly notWritten: number;
        readonly unknown: number;
      }
    | undefined;
}

/**
 * A retry about to be sent: `mapper.events.on('retry', …)`.
 *
 * @example
 * ```ts
 * mapper.events.on('retry', (r: RetryNotice) => console.log(r.rpc, 'try', r.attempt, 'after', r.errorCode));
 * ```
 */
export interface RetryNotice {
  readonly operation: string;
  readonly entity: string | undefined;
  readonly table: string;
  /** The RPC retried: `ReadRows`, `MutateRow`, `MutateRows`, … */
  readonly rpc: string;
  /** The try about to be sent (2 for the first retry). */
  readonly attempt: number;
  /** The failure that made the retry necessary. */
  readonly error: unknown;
  readonly errorCode: string | undefined;
}

/**
 * A read that received many more rows than it returned (client-side conditions or other entities' rows under the
 * same prefix dropped them): a key design or a query to look at. Emitted as a `warning` event after the read, when
 * it received at least {@link SCAN_WARNING_MIN_ROWS} rows and returned fewer than one in
 * {@link SCAN_WARNING_RATIO}.
 *
 * @example
 * ```ts
 * mapper.events.on('warning', (w) => { if (w.code === 'INEFFICIENT_SCAN') console.warn(w.message); });
 * ```
 */
export interface ScanWarning {
  readonly code: 'INEFFICIENT_SCAN';
  readonly operation: string;
  readonly entity: string | undefined;
  readonly table: string;
  readonly rowsReceived: number;
  readonly rowsReturned: number;
  readonly message: string;
}

/** Rows a read must receive before its efficiency is judged. */
export const SCAN_WARNING_MIN_ROWS = 1000;
/** Received rows per returned row above which a read is an inefficient scan. */
export const SCAN_WARNING_RATIO = 10;

/**
 * The stable code of an error for attributes and summaries: a BigtableMapperError's `code`, else its class name.
 *
 * @example
 * ```ts
 * errorCodeOf(new Error('x')); // 'Error'
 * ```
 */
export function errorCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const name = (error as { constructor?: { name?: unknown } }).constructor?.name;
    if (typeof name === 'string' && name !== '') return name;
  }
  return '_OTHER';
}
