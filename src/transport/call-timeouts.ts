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
}

/** The defaults of {@link CallTimeouts}. */
export const DEFAULT_TIMEOUTS: Required<CallTimeouts> = Object.freeze({
  attemptMs: 20_000,
  totalMs: 60_000,
  readIdleMs: 30_000,
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
