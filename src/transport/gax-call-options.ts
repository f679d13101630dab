import type { CallOptions } from 'google-gax';

/**
 * Call options for a data RPC whose retries the SDK runs itself. gax must not retry on its own: its legacy stream
 * path (retry-request) re-sends a failed stream's original request, which for ReadRows would duplicate rows and
 * for MutateRows would re-apply non-idempotent mutations. `retry: null` covers the unary and the new streaming
 * retry path; `retryRequestOptions` covers retry-request (`noResponseRetries` defaults to 2 there).
 *
 * @example
 * ```ts
 * connection.data.readRows(request, gaxCallOptions({ timeoutMs: 30_000, headers: { 'bigtable-features': 'CAE=' } }));
 * ```
 *
 * @internal `google-gax` types stay out of the published `.d.ts`.
 */
export function gaxCallOptions(options: {
  readonly timeoutMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
}): CallOptions {
  return {
    retry: null,
    retryRequestOptions: {
      retries: 0,
      noResponseRetries: 0,
      currentRetryAttempt: 0,
      shouldRetryFn: () => false,
    },
    ...(options.timeoutMs === undefined ? {} : { timeout: Math.max(1, Math.ceil(options.timeoutMs)) }),
    ...(options.headers === undefined ? {} : { otherArgs: { headers: { ...options.headers } } }),
  };
}
