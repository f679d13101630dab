import type { RetryPolicy } from './retry-policy.js';

/**
 * Merges a caller's partial retry policy over a default and checks it, so that a typo fails loudly instead of
 * retrying forever or never.
 *
 * @example
 * ```ts
 * resolveRetryPolicy({ maxAttempts: 3 }, DEFAULT_RETRY_POLICY); // { ...DEFAULT_RETRY_POLICY, maxAttempts: 3 }
 * ```
 */
export function resolveRetryPolicy(
  partial: Partial<RetryPolicy> | undefined,
  defaults: RetryPolicy,
): RetryPolicy {
  const policy = { ...defaults, ...partial };
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) {
    throw new RangeError(`retry.maxAttempts must be an integer >= 1, got ${policy.maxAttempts}`);
  }
  for (const key of ['initialBackoffMs', 'maxBackoffMs'] as const) {
    if (!Number.isFinite(policy[key]) || policy[key] < 0) {
      throw new RangeError(`retry.${key} must be a finite number >= 0, got ${policy[key]}`);
    }
  }
  if (!Array.isArray(policy.retryableCodes))
    throw new TypeError('retry.retryableCodes must be an array of codes');
  return policy;
}
