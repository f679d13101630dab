import { FEATURE_FLAGS_HEADER } from './feature-flags.js';

/**
 * The request headers of one attempt of a data call, besides the routing header the generated client adds: the
 * declared feature flags and the routing cookies the service asked the call to carry. A fresh object each time,
 * because the generated client writes its routing header into the object it is given.
 *
 * @example
 * ```ts
 * dataCallHeaders(); // { 'bigtable-features': 'CAE…' }
 * ```
 */
export function dataCallHeaders(cookies?: ReadonlyMap<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'bigtable-features': FEATURE_FLAGS_HEADER };
  if (cookies) for (const [name, value] of cookies) headers[name] = value;
  return headers;
}
