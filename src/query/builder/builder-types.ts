// Type helpers the builders share. One copy each, so the API report names each once (no `EntryKey_2`).

/**
 * Property names of E usable in queries.
 *
 * @example
 * ```ts
 * type P = Prop<{ id: string; rating: number }>; // 'id' | 'rating'
 * ```
 */
export type Prop<E> = keyof E & string;

/**
 * Member names of a collection.
 *
 * @example
 * ```ts
 * type M = Member<{ video: object; comments: object }>; // 'video' | 'comments'
 * ```
 */
export type Member<R> = keyof R & string;

/**
 * Element type of a Map key or Set member, for `entries()` bounds.
 *
 * @example
 * ```ts
 * type K = EntryKey<Map<string, number>>; // string
 * ```
 */
export type EntryKey<V> =
  V extends ReadonlyMap<infer K, unknown> ? K : V extends ReadonlySet<infer K> ? K : never;
