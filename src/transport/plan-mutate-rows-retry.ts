import { InternalError } from '../errors/internal-error.js';
import type { FailureDelivery } from './failure-delivery.js';
import type { RetryPolicy } from './retry-policy.js';

/**
 * The final (or, while retrying, latest) outcome of one MutateRows entry: written (the service said OK), or
 * failed with `outcome` `notWritten` (refused by the service, or provably never sent) or `unknown` (sent, no
 * answer: it may have been applied).
 *
 * @example
 * ```ts
 * const r: MutateRowsEntryResult = { ok: false, outcome: 'notWritten', grpcCode: 5, message: 'family not found' };
 * ```
 */
export type MutateRowsEntryResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly outcome: 'notWritten' | 'unknown';
      readonly grpcCode: number;
      readonly message: string;
    };

/**
 * The status one attempt reported for one entry it sent: the service's per-entry status (`answered`), or, for an
 * entry the service never answered, the RPC's failure and what it tells about delivery.
 */
export interface EntryStatus {
  readonly code: number;
  readonly message: string;
  readonly delivery: FailureDelivery;
  /**
   * The service asked for the entry to be sent again after this many milliseconds (a RetryInfo in the status
   * details): retryable whatever its code. Set only where a re-send is safe (never for an unknown outcome).
   */
  readonly retryDelayMs?: number;
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
    pending: Array.from(Array(entryCount).keys()),
    results: new Array<undefined>(entryCount).fill(undefined),
  };
}

/** The result of nearly every entry: one shared object, not one per written row. */
const WRITTEN: MutateRowsEntryResult = Object.freeze({ ok: true });

/**
 * Applies one attempt's statuses (aligned with `state.pending`) and decides what the next attempt sends: only
 * entries that provably applied nothing — answered with one of `policy.retryableCodes`, or never sent — and only
 * while fewer than `policy.maxAttempts` attempts were made. An entry whose request was sent without an answer is
 * settled as `unknown` and never re-sent: it may have applied, and a re-send could overwrite a later write. Pure,
 * so that retry behaviour is testable without a network.
 *
 * @example
 * ```ts
 * const s1 = planMutateRowsRetry(initialMutateRowsRetryState(2),
 *   [{ code: 0, message: '', delivery: 'answered' }, { code: 10, message: 'aborted', delivery: 'answered' }],
 *   DEFAULT_RETRY_POLICY);
 * // s1.pending = [1]; s1.results[0] = { ok: true }
 * ```
 */
export function planMutateRowsRetry(
  state: MutateRowsRetryState,
  statuses: readonly EntryStatus[],
  policy: Pick<RetryPolicy, 'maxAttempts' | 'retryableCodes'>,
): MutateRowsRetryState {
  if (statuses.length !== state.pending.length) {
    throw new InternalError(
      'planMutateRowsRetry',
      `expected ${state.pending.length} statuses, got ${statuses.length}`,
    );
  }
  const attempts = state.attempts + 1;
  const results = [...state.results];
  const pending: number[] = [];
  state.pending.forEach((index, position) => {
    const status = statuses[position]!;
    if (status.code === 0 && status.delivery === 'answered') {
      results[index] = WRITTEN;
      return;
    }
    const outcome = status.delivery === 'unknown' ? 'unknown' : 'notWritten';
    results[index] = { ok: false, outcome, grpcCode: status.code, message: status.message };
    const retryable =
      status.delivery === 'notSent' ||
      (status.delivery === 'answered' &&
        (policy.retryableCodes.includes(status.code) || status.retryDelayMs !== undefined));
    if (retryable && attempts < policy.maxAttempts) pending.push(index);
  });
  return { attempts, pending, results };
}
