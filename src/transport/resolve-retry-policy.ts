import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
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
  return policy;
}
