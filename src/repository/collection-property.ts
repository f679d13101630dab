/** Properties of `E` holding a Set (qualifiers as data). */
export type SetProperty<E> = {
  [P in keyof E & string]-?: NonNullable<E[P]> extends ReadonlySet<unknown> ? P : never;
}[keyof E & string];
/** Properties of `E` holding a Map (qualifiers as data). */
export type MapProperty<E> = {
  [P in keyof E & string]-?: NonNullable<E[P]> extends ReadonlyMap<unknown, unknown> ? P : never;
}[keyof E & string];
/** The member type of a Set property, or the key type of a Map property. */
export type MemberOf<T> =
  NonNullable<T> extends ReadonlySet<infer M>
    ? M
    : NonNullable<T> extends ReadonlyMap<infer K, unknown>
      ? K
      : never;
/** The value type of a Map property. */
export type MapValueOf<T> = NonNullable<T> extends ReadonlyMap<unknown, infer V> ? V : never;
