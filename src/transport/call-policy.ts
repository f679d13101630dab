import { checkMilliseconds } from '../errors/check-argument.js';
import type { CallRecord } from '../observe/call-record.js';
import type { BoundCallOptions, CallTimeouts } from './call-timeouts.js';
import { DEFAULT_TIMEOUTS } from './call-timeouts.js';
import { resolveRetryPolicy } from './resolve-retry-policy.js';
import type { RetryPolicy } from './retry-policy.js';
import { DEFAULT_RETRY_POLICY } from './retry-policy.js';

/**
 * The retry policy and time limits every call of a mapper runs under, resolved and checked once, when the mapper
 * is created, so that a bad option fails there and not on the first failed write.
 *
 * @example
 * ```ts
 * const policy = resolveCallPolicy({ retry: { maxAttempts: 3 } }); // every other field from the defaults
 * ```
 */
export interface CallPolicy {
  readonly retry: RetryPolicy;
  readonly timeouts: Required<CallTimeouts>;
}

/**
 * Fills a caller's partial retry policy and timeouts with the defaults and validates them.
 *
 * @example
 * ```ts
 * resolveCallPolicy({ timeouts: { attemptMs: 2_000 } }).timeouts.totalMs; // 60000
 * ```
 */
export function resolveCallPolicy(options: {
  readonly retry?: Partial<RetryPolicy> | undefined;
  readonly timeouts?: CallTimeouts | undefined;
}): CallPolicy {
  const retry = resolveRetryPolicy(options.retry, DEFAULT_RETRY_POLICY);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  for (const key of ['attemptMs', 'totalMs', 'readIdleMs', 'adminMs'] as const) {
    checkMilliseconds({ api: 'RepositoryOptions', argument: `timeouts.${key}` }, timeouts[key]);
  }
  return Object.freeze({ retry, timeouts: Object.freeze(timeouts) });
}

/**
 * The options handed to a transport call: the mapper's policy plus this call's signal and deadline (the public
 * call's shared deadline too, when it was bound with `bindCall`).
 *
 * @example
 * ```ts
 * await mutateRow(conn, table, key, mutations, { ...callOptions(policy, options), entity: 'Device' });
 * ```
 */
export function callOptions(
  policy: CallPolicy,
  call: BoundCallOptions = {},
): {
  readonly retry: RetryPolicy;
  readonly timeouts: Required<CallTimeouts>;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  readonly deadlineAt?: number;
  readonly record?: CallRecord | undefined;
} {
  return {
    retry: policy.retry,
    timeouts: policy.timeouts,
    ...(call.signal === undefined ? {} : { signal: call.signal }),
    ...(call.timeoutMs === undefined ? {} : { timeoutMs: call.timeoutMs }),
    ...(call.deadlineAt === undefined ? {} : { deadlineAt: call.deadlineAt }),
    ...(call.record === undefined ? {} : { record: call.record }),
  };
}
