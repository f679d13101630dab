import type { CallRecord } from '../observe/call-record.js';

/**
 * Time limits of the SDK's calls. Every call has them, so that a frozen server or a dead link ends in a typed
 * error instead of a hang.
 *
 * @example
 * ```ts
 * const quick: CallTimeouts = { attemptMs: 2_000, totalMs: 10_000, readIdleMs: 5_000 };
 * ```
 */
export interface CallTimeouts {
  /** gRPC deadline of each attempt of a unary call (and of each MutateRows request). Default 20 s. */
  readonly attemptMs?: number;
  /**
   * Overall deadline of a unary call or a batch, retries and backoffs included. Default 60 s. Streaming reads have
   * no overall deadline by default (a long scan may take hours); give one per call with `timeoutMs`.
   */
  readonly totalMs?: number;
  /**
   * A read attempt that receives nothing for this long (while the consumer is waiting for rows) is abandoned and
   * resumed, within the retry policy's window. Default 30 s.
   */
  readonly readIdleMs?: number;
  /**
   * Overall deadline of each admin operation (`createTable`, `ensureSchema`, `mapper.schema.plan/apply/check`,
   * `describeTable`, the backfill's checkpoint table set-up): every admin RPC it makes, retries included. Default
   * 60 s. Kept apart from `totalMs` so that tight data-call deadlines do not break schema set-up.
   */
  readonly adminMs?: number;
}

/** The defaults of {@link CallTimeouts}. */
export const DEFAULT_TIMEOUTS: Required<CallTimeouts> = Object.freeze({
  attemptMs: 20_000,
  totalMs: 60_000,
  readIdleMs: 30_000,
  adminMs: 60_000,
});

/**
 * What one call may take, as given per call: an `AbortSignal` and an overall deadline in milliseconds (which
 * replaces `CallTimeouts.totalMs` for this call).
 *
 * @example
 * ```ts
 * await devices.get(key, { signal: AbortSignal.timeout(2_000) });
 * ```
 */
export interface PerCallOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/**
 * Per-call options of one RPC of a public call that may make several (a write and its confirming read-back, the
 * requests of a batch, the steps of a schema apply): `deadlineAt` is the public call's deadline, fixed once when it
 * began, so that every RPC shares it instead of each starting a fresh `timeoutMs`. `timeoutMs` then only names the
 * caller's budget in a DeadlineExceededError.
 *
 * @example
 * ```ts
 * const call: BoundCallOptions = { timeoutMs: 2_000, deadlineAt: Date.now() + 2_000 };
 * ```
 */
export interface BoundCallOptions {
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
  /** Epoch milliseconds by which the whole public call must settle. */
  readonly deadlineAt?: number | undefined;
  /**
   * What the public call did, counted by every RPC it makes (only when someone observes it).
   *
   * @internal The per-call record is the SDK's own.
   */
  readonly record?: CallRecord | undefined;
}

/**
 * {@link BoundCallOptions} with the deadline fixed: what `bindDeadline` returns.
 *
 * @example
 * ```ts
 * const call: BoundCall = bindDeadline({ timeoutMs: 2_000 }, DEFAULT_TIMEOUTS.totalMs);
 * ```
 */
export interface BoundCall extends BoundCallOptions {
  readonly timeoutMs: number;
  readonly deadlineAt: number;
}

/**
 * Fixes a public call's deadline when it begins: its own `timeoutMs`, else `defaultMs`, from now. A call already
 * bound keeps its deadline, so that a public call made of other calls (a saveMany's versioned saves, an
 * ensureSchema's plan and apply) still has one deadline in all.
 *
 * @example
 * ```ts
 * const call = bindDeadline(options, policy.timeouts.totalMs);
 * await mutateRow(conn, table, key, mutations, { ...call, safety: 'write' });
 * ```
 */
export function bindDeadline(call: BoundCallOptions, defaultMs: number): BoundCall {
  if (call.deadlineAt !== undefined && call.timeoutMs !== undefined) return call as BoundCall;
  const timeoutMs = call.timeoutMs ?? defaultMs;
  return {
    ...(call.signal === undefined ? {} : { signal: call.signal }),
    timeoutMs,
    deadlineAt: Date.now() + timeoutMs,
    ...(call.record === undefined ? {} : { record: call.record }),
  };
}
