/**
 * The optional protocol features a client declares to Bigtable (`google.bigtable.v2.FeatureFlags`), sent on every
 * data call as the `bigtable-features` header. The server uses a feature only when the client declares it (it
 * answers reversed reads with UNIMPLEMENTED otherwise, and sends rate-limit hints, routing cookies and retry
 * delays only to clients that say they honour them), so the header must name exactly what the library implements.
 *
 * @example
 * ```ts
 * const flags: FeatureFlags = { reverseScans: true, retryInfo: true };
 * ```
 */
export interface FeatureFlags {
  readonly reverseScans?: boolean;
  readonly mutateRowsRateLimit?: boolean;
  readonly mutateRowsRateLimit2?: boolean;
  readonly lastScannedRowResponses?: boolean;
  readonly routingCookie?: boolean;
  readonly retryInfo?: boolean;
  readonly clientSideMetricsEnabled?: boolean;
}

/** Field numbers of `google.bigtable.v2.FeatureFlags`, in the order a serializer writes them. */
const FIELDS: readonly (readonly [keyof FeatureFlags, number])[] = [
  ['reverseScans', 1],
  ['mutateRowsRateLimit', 3],
  ['lastScannedRowResponses', 4],
  ['mutateRowsRateLimit2', 5],
  ['routingCookie', 6],
  ['retryInfo', 7],
  ['clientSideMetricsEnabled', 8],
];

/**
 * The header value for `flags`: the serialized message, base64url with padding (as Google's Java client sends it).
 *
 * @example
 * ```ts
 * encodeFeatureFlags({ reverseScans: true }); // 'CAE='
 * ```
 */
export function encodeFeatureFlags(flags: FeatureFlags): string {
  const bytes: number[] = [];
  // Every field number is below 16: each tag is one byte, each true bool the byte 1.
  for (const [name, field] of FIELDS) if (flags[name] === true) bytes.push(field << 3, 1);
  return Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * What this library implements, and so declares on every data call: reverse scans; resumption from a
 * `last_scanned_row_key` response; routing cookies echoed on retries (`RoutingCookies`); the service's RetryInfo delays (`retryDelayOf`);
 * MutateRows flow control by `RateLimitInfo` (`MutateRowsLimiter`).
 */
export const IMPLEMENTED_FEATURES: FeatureFlags = Object.freeze({
  reverseScans: true,
  lastScannedRowResponses: true,
  routingCookie: true,
  retryInfo: true,
  mutateRowsRateLimit: true,
  mutateRowsRateLimit2: true,
});

/** The `bigtable-features` value of every data call. */
export const FEATURE_FLAGS_HEADER = encodeFeatureFlags(IMPLEMENTED_FEATURES);

/**
 * The `bigtable-features` value of a data call whose client-side metrics are on (`observe/builtin-metrics.ts`: a
 * meter provider is registered and the mapper's metrics are not switched off).
 */
export const FEATURE_FLAGS_HEADER_WITH_METRICS = encodeFeatureFlags({
  ...IMPLEMENTED_FEATURES,
  clientSideMetricsEnabled: true,
});
