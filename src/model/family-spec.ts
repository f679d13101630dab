/**
 * A garbage-collection rule of a column family, as Bigtable defines it. GC is lazy: reads must still filter.
 *
 * @example
 * ```ts
 * const keep3ForAWeek: GcRule = { intersection: [{ maxVersions: 3 }, { maxAgeMillis: 7 * 86_400_000 }] };
 * ```
 */
export type GcRule =
  | { readonly maxVersions: number }
  | { readonly maxAgeMillis: number }
  | { readonly union: readonly GcRule[] }
  | { readonly intersection: readonly GcRule[] };

/** Aggregate kinds of an aggregate family (input Int64 big-endian). */
export type AggregateKind = 'sum' | 'min' | 'max' | 'hll';

/**
 * What a table needs to know about one column family at creation.
 *
 * @example
 * ```ts
 * const families: Record<string, FamilySpec> = { stats: { gcRule: { maxVersions: 1 } }, views: { aggregate: 'sum' } };
 * ```
 */
export interface FamilySpec {
  readonly gcRule?: GcRule;
  readonly aggregate?: AggregateKind;
}
