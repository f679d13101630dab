import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { RetryPolicy } from './retry-policy.js';

/** Policies this function returned: complete, checked and frozen, so handing one back in needs no new check. */
const RESOLVED = new WeakSet<RetryPolicy>();

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
  // Every call of a mapper passes its policy resolved at connect time: taken as it is.
  if (partial !== undefined && RESOLVED.has(partial as RetryPolicy)) return partial as RetryPolicy;
  const policy = { ...defaults, ...partial };
  const invalid = (argument: string, value: unknown, expected: string): InvalidArgumentError =>
    new InvalidArgumentError({ api: 'RetryPolicy', argument: `retry.${argument}`, value, expected });
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) {
    throw invalid('maxAttempts', policy.maxAttempts, 'an integer >= 1');
  }
  for (const key of ['initialBackoffMs', 'maxBackoffMs', 'maxElapsedMs'] as const) {
    if (!Number.isFinite(policy[key]) || policy[key] < 0) {
      throw invalid(key, policy[key], 'a finite number >= 0');
    }
  }
  if (!Array.isArray(policy.retryableCodes) || !policy.retryableCodes.every((c) => Number.isInteger(c)))
    throw invalid('retryableCodes', policy.retryableCodes, 'an array of gRPC status codes');
  const frozen = Object.freeze(policy);
  RESOLVED.add(frozen);
  return frozen;
}
