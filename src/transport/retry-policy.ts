import { GrpcStatus } from './grpc-error.js';

/**
 * How the SDK retries an idempotent call. gax's own retries are always disabled (`retry: null`) so that exactly
 * one policy, this one, decides.
 *
 * @example
 * ```ts
 * const patient: RetryPolicy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 10 };
 * ```
 */
export interface RetryPolicy {
  /** Attempts in total, including the first. 1 disables retries. */
  readonly maxAttempts: number;
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
  /** gRPC codes worth another attempt. */
  readonly retryableCodes: readonly number[];
}

/** Codes 4, 8, 10, 14 — the ones Google's Bigtable clients retry. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 5,
  initialBackoffMs: 20,
  maxBackoffMs: 2_000,
  retryableCodes: Object.freeze([
    GrpcStatus.DEADLINE_EXCEEDED,
    GrpcStatus.RESOURCE_EXHAUSTED,
    GrpcStatus.ABORTED,
    GrpcStatus.UNAVAILABLE,
  ]),
});

/**
 * Backoff before attempt `attempt` (1-based count of failures so far): exponential with full jitter, so that many
 * clients failing together do not retry in lockstep.
 *
 * @example
 * ```ts
 * await sleep(backoffMs(DEFAULT_RETRY_POLICY, 2));
 * ```
 */
export function backoffMs(policy: RetryPolicy, failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxBackoffMs, policy.initialBackoffMs * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}
