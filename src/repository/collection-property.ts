/**
 * Properties of `E` holding a Set (qualifiers as data). A Map has every member a `ReadonlySet<unknown>` has, so Map
 * properties are ruled out first.
 */
export type SetProperty<E> = {
  [P in keyof E & string]-?: NonNullable<E[P]> extends ReadonlyMap<unknown, unknown>
    ? never
    : NonNullable<E[P]> extends ReadonlySet<unknown>
      ? P
      : never;
}[keyof E & string];
/** Properties of `E` holding a Map (qualifiers as data). */
export type MapProperty<E> = {
  [P in keyof E & string]-?: NonNullable<E[P]> extends ReadonlyMap<unknown, unknown> ? P : never;
}[keyof E & string];
/**
 * The member type of a Set property, or the key type of a Map property (a Map is tested first: read as a
 * `ReadonlySet`, its members would be its keys, values and entries).
 */
export type MemberOf<T> =
  NonNullable<T> extends ReadonlyMap<infer K, unknown>
    ? K
    : NonNullable<T> extends ReadonlySet<infer M>
      ? M
      : never;
/** The value type of a Map property. */
export type MapValueOf<T> = NonNullable<T> extends ReadonlyMap<unknown, infer V> ? V : never;
/**
 * Properties of `E` that can be a `@Counter`: an int64 held as `bigint` or `number`. (The declaration decides at
 * run time; a string or a Map property never compiles as an `increment` target.)
 *
 * @example
 * ```ts
 * const p: CounterProperty<Video> = 'likes'; // 'title' does not compile
 * ```
 */
export type CounterProperty<E> = {
  [P in keyof E & string]-?: NonNullable<E[P]> extends bigint | number ? P : never;
}[keyof E & string];
/**
 * Properties of `E` that can be a `@CounterMap` (or a sum/min/max `@AggregateMap`): a Map to `bigint` or `number`.
 *
 * @example
 * ```ts
 * const p: CounterMapProperty<Video> = 'formats'; // Map<string, bigint>
 * ```
 */
export type CounterMapProperty<E> = {
  [P in keyof E & string]-?: NonNullable<E[P]> extends ReadonlyMap<unknown, bigint | number> ? P : never;
}[keyof E & string];
/**
 * Properties of `E` that can be an `@Aggregate`: `bigint`/`number` (sum, min, max), `Uint8Array` (an hll state) or
 * the time buckets of a versioned one.
 *
 * @example
 * ```ts
 * const p: AggregateProperty<Video> = 'views';
 * ```
 */
export type AggregateProperty<E> = {
  [P in keyof E & string]-?: NonNullable<E[P]> extends
    bigint | number | Uint8Array | ReadonlyArray<{ readonly timestamp: Date; readonly value: unknown }>
    ? P
    : never;
}[keyof E & string];
/**
 * Properties of `E` that can be an `@AggregateMap`: a Map to `bigint`, `number` or (hll) `Uint8Array`.
 *
 * @example
 * ```ts
 * const p: AggregateMapProperty<Video> = 'formats';
 * ```
 */
export type AggregateMapProperty<E> = {
  [P in keyof E & string]-?: NonNullable<E[P]> extends ReadonlyMap<unknown, bigint | number | Uint8Array>
    ? P
    : never;
}[keyof E & string];
/**
 * Amounts per key of a counter or aggregate map: a Map, or an iterable of `[key, amount]` pairs (not a string).
 *
 * @example
 * ```ts
 * const amounts: AmountsOf<Map<string, number>> = [['bob', 1], ['carol', 2n]];
 * ```
 */
export type AmountsOf<T> =
  ReadonlyMap<MemberOf<T>, bigint | number> | (Iterable<readonly [MemberOf<T>, bigint | number]> & object);
