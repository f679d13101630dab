import type { CallOptions } from 'google-gax';

/**
 * Call options for a data RPC whose retries the SDK runs itself. gax must not retry on its own: its legacy stream
 * path (retry-request) re-sends a failed stream's original request, which for MutateRows would re-apply
 * non-idempotent mutations (ReadRows does not go through gax). `retry: null` covers the unary and the new streaming
 * retry path; `retryRequestOptions` covers retry-request (`noResponseRetries` defaults to 2 there).
 *
 * @example
 * ```ts
 * connection.data.sampleRowKeys({ tableName: connection.tablePath('t') }, gaxCallOptions({ timeoutMs: 30_000 }));
 * ```
 *
 * @internal `google-gax` types stay out of the published `.d.ts`.
 */
export function gaxCallOptions(options: {
  readonly timeoutMs?: number;
  /** Request headers (`dataCallHeaders`): a fresh object per call, since the generated client writes into it. */
  readonly headers?: Record<string, string>;
}): CallOptions {
  return {
    ...(options.headers === undefined ? {} : { otherArgs: { headers: options.headers } }),
    retry: null,
    retryRequestOptions: {
      retries: 0,
      noResponseRetries: 0,
      currentRetryAttempt: 0,
      shouldRetryFn: () => false,
    },
    ...(options.timeoutMs === undefined ? {} : { timeout: Math.max(1, Math.ceil(options.timeoutMs)) }),
  };
}

/** Call options handed to a generated-client method: gax retries off, our deadline on. A fresh object each time
 * because gax mutates the options it is given. */
export interface GaxCallOptions {
  retry: null;
  timeout?: number;
  /** Request headers of a data call (`dataCallHeaders`); gRPC call options (a measured attempt's interceptor). */
  otherArgs?: { headers: Record<string, string>; options?: { interceptors: unknown[] } };
}
