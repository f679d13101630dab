import type { RetryPolicy } from './retry-policy.js';

/**
 * The final (or, while retrying, latest) outcome of one MutateRows entry. A failure after an RPC-level error
 * means the entry may or may not have been applied.
 *
 * @example
 * ```ts
 * const r: MutateRowsEntryResult = { ok: false, grpcCode: 5, message: 'family not found' };
 * ```
 */
export type MutateRowsEntryResult =
  { readonly ok: true } | { readonly ok: false; readonly grpcCode: number; readonly message: string };

/** The status one attempt reported for one entry it sent (for entries the server never answered, the RPC's). */
export interface EntryStatus {
  readonly code: number;
  readonly message: string;
}

/**
 * Where a batch stands between attempts.
 *
 * @example
 * ```ts
 * const start: MutateRowsRetryState = { attempts: 0, pending: [0, 1, 2], results: [undefined, undefined, undefined] };
 * ```
 */
export interface MutateRowsRetryState {
  /** Attempts (rounds of RPCs) made so far. */
  readonly attempts: number;
  /** Indices of the entries the next attempt sends, in their original order; empty when the batch is settled. */
  readonly pending: readonly number[];
  /** Latest outcome per entry; `undefined` until the entry was first answered. */
  readonly results: readonly (MutateRowsEntryResult | undefined)[];
}

/**
 * The state before the first attempt: every entry pending.
 *
 * @example
 * ```ts
 * initialMutateRowsRetryState(2); // { attempts: 0, pending: [0, 1], results: [undefined, undefined] }
 * ```
 */
export function initialMutateRowsRetryState(entryCount: number): MutateRowsRetryState {
  return {
    attempts: 0,
    pending: Array.from({ length: entryCount }, (_, i) => i),
    results: Array.from({ length: entryCount }, () => undefined),
  };
}

/**
 * Applies one attempt's statuses (aligned with `state.pending`) and decides what the next attempt sends: only
 * entries that failed with one of `policy.retryableCodes` AND are idempotent, and only while fewer than
 * `policy.maxAttempts` attempts were made. Everything else is settled. Pure, so that retry behaviour is testable without a network.
 *
 * @example
 * ```ts
 * const s1 = planMutateRowsRetry([true, true], initialMutateRowsRetryState(2),
 *   [{ code: 0, message: '' }, { code: 14, message: 'unavailable' }], DEFAULT_RETRY_POLICY);
 * // s1.pending = [1]; s1.results[0] = { ok: true }
 * ```
 */
export function planMutateRowsRetry(
  idempotent: readonly boolean[],
  state: MutateRowsRetryState,
  statuses: readonly EntryStatus[],
  policy: Pick<RetryPolicy, 'maxAttempts' | 'retryableCodes'>,
): MutateRowsRetryState {
  if (statuses.length !== state.pending.length) {
    throw new RangeError(`expected ${state.pending.length} statuses, got ${statuses.length}`);
  }
  const attempts = state.attempts + 1;
  const results = [...state.results];
  const pending: number[] = [];
  state.pending.forEach((index, position) => {
    const status = statuses[position]!;
    if (status.code === 0) {
      results[index] = { ok: true };
      return;
    }
    results[index] = { ok: false, grpcCode: status.code, message: status.message };
    const retryable = policy.retryableCodes.includes(status.code);
    if (retryable && idempotent[index] === true && attempts < policy.maxAttempts) {
      pending.push(index);
    }
  });
  return { attempts, pending, results };
}
