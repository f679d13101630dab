import { GrpcStatus } from './grpc-error.js';

/**
 * How the SDK retries. gax's own retries are always disabled (`retry: null`) so that exactly one policy, this one,
 * decides. Which failures may be retried at all depends on the call: reads retry any retryable failure; a write is
 * re-sent only when its failed attempt provably did not apply (see `failureDelivery`).
 *
 * @example
 * ```ts
 * const patient: RetryPolicy = { ...DEFAULT_RETRY_POLICY, maxElapsedMs: 120_000 };
 * ```
 */
export interface RetryPolicy {
  /** Attempts in total, including the first. 1 disables retries. */
  readonly maxAttempts: number;
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
  /**
   * No retry starts once this much time has passed since the call started (for reads: since the last progress),
   * so that a long outage ends in an error instead of a hang.
   */
  readonly maxElapsedMs: number;
  /** gRPC codes worth another attempt. */
  readonly retryableCodes: readonly number[];
}

/**
 * Codes 4, 8, 10, 14 (the ones Google's Bigtable clients retry), with a window of a minute: long enough to ride
 * out a several-second outage and a gRPC reconnect (whose own backoff starts at one second).
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 100,
  initialBackoffMs: 50,
  maxBackoffMs: 4_000,
  maxElapsedMs: 60_000,
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
