import { FEATURE_FLAGS_HEADER, FEATURE_FLAGS_HEADER_WITH_METRICS } from './feature-flags.js';

/**
 * The request headers of one attempt of a data call, besides the routing header the generated client adds: the
 * declared feature flags (client-side metrics when `clientSideMetrics`, the call's record says so) and the routing
 * cookies the service asked the call to carry. A fresh object each time,
 * because the generated client writes its routing header into the object it is given.
 *
 * @example
 * ```ts
 * dataCallHeaders(); // { 'bigtable-features': 'CAE…' }
 * ```
 */
export function dataCallHeaders(
  cookies?: ReadonlyMap<string, string>,
  clientSideMetrics = false,
): Record<string, string> {
  const headers: Record<string, string> = {
    'bigtable-features': clientSideMetrics ? FEATURE_FLAGS_HEADER_WITH_METRICS : FEATURE_FLAGS_HEADER,
  };
  if (cookies) for (const [name, value] of cookies) headers[name] = value;
  return headers;
}
