/**
 * What the mapper emits through OpenTelemetry (docs/observability.md). Spans and metrics appear as soon as the
 * application registers a tracer or meter provider with `@opentelemetry/api` (an optional peer dependency); these
 * switches turn them off. Row keys and values are never put in attributes.
 *
 * @example
 * ```ts
 * const mapper = Mapper.connect({ projectId: 'p', instanceId: 'i' }, { observe: { metrics: false } });
 * ```
 */
export interface ObserveOptions {
  /** One span per public call and one child span per RPC attempt. Default true. */
  readonly tracing?: boolean;
  /** Operation duration, attempts, rows, bytes, mutations and batch outcomes. Default true. */
  readonly metrics?: boolean;
  /**
   * Also Google's client-side ("built-in") metrics, `bigtable.googleapis.com/internal/client/*`, with Google's
   * names and attributes (docs/observability.md), and the `client_side_metrics_enabled` feature flag on data calls.
   * Default false: they measure again what the library's own instruments measure, under Google's names, and cost
   * a `get` five more points. Needs `metrics` on.
   */
  readonly builtinMetrics?: boolean;
  /**
   * Puts the row key of a call about one row (a `get`, a single-row write) on its span as `bigtable_mapper.row_key`
   * (escaped as errors print keys). Default false: keys may hold personal data. Never on metrics.
   */
  readonly recordKeys?: boolean;
}
