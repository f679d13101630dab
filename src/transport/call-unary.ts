import { grpcCodeOf, toTransportError } from './grpc-error.js';
import type { RetryPolicy } from './retry-policy.js';
import { DEFAULT_RETRY_POLICY, backoffMs } from './retry-policy.js';

/** Options of one unary RPC made by the SDK. */
export interface UnaryCallOptions {
  /** Only idempotent calls are retried (explicit timestamps; never increments, appends or conditional writes). */
  readonly idempotent: boolean;
  readonly retry?: RetryPolicy;
  /** Deadline of each attempt in milliseconds. */
  readonly attemptTimeoutMs?: number;
}

/** Call options handed to a generated-client method: gax retries off, our deadline on. A fresh object each time
 * because gax mutates the options it is given. */
export interface GaxCallOptions {
  retry: null;
  timeout?: number;
}

/**
 * Runs one unary RPC with the SDK's retry policy and turns any failure into a TransportError.
 *
 * @example
 * ```ts
 * await callUnary('MutateRow', (o) => conn.data.mutateRow(req, o), { idempotent: true });
 * ```
 */
export async function callUnary<T>(
  rpc: string,
  attempt: (options: GaxCallOptions) => Promise<T>,
  options: UnaryCallOptions,
): Promise<T> {
  const policy = options.retry ?? DEFAULT_RETRY_POLICY;
  const attempts = options.idempotent ? Math.max(1, policy.maxAttempts) : 1;
  for (let failures = 0; ; failures++) {
    try {
      const gaxOptions: GaxCallOptions = { retry: null };
      if (options.attemptTimeoutMs !== undefined) gaxOptions.timeout = options.attemptTimeoutMs;
      return await attempt(gaxOptions);
    } catch (error) {
      const code = grpcCodeOf(error);
      const retryable = code !== undefined && policy.retryableCodes.includes(code);
      if (!retryable || failures + 1 >= attempts) throw toTransportError(rpc, error);
      await new Promise((resolve) => setTimeout(resolve, backoffMs(policy, failures + 1)));
    }
  }
}
