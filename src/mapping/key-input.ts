import type { KeyValue } from '../codecs/key/key-codec-types.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';

/**
 * How callers name one entity's row when the key parts are not known to TypeScript: the entity itself, or an
 * object holding its key-part properties. Checked at run time only (KeyEncodingError for a missing part).
 *
 * @example
 * ```ts
 * await devices.get({ deviceType: 'phone', deviceId: '4c410523' });
 * ```
 */
export type KeyInput<E> = { readonly [P in keyof E]?: E[P] };

/**
 * The key-part properties of an entity, in key order, as a tuple type: `readonly ['deviceType', 'deviceId']`.
 *
 * @example
 * ```ts
 * type DeviceKey = KeyParts<Device>; // readonly ('deviceType' | 'deviceId' | …)[]
 * ```
 */
export type KeyParts<E> = readonly (keyof E & string)[];

/**
 * The key parts a class declares to TypeScript, or `undefined` when it declares none. A decorated class declares
 * them with a type-only static (no code is emitted; the decorators stay the source of truth at run time);
 * `defineEntity` adds the declaration itself from its `key` tuple.
 *
 * @example
 * ```ts
 * class Device {
 *   declare static readonly keyParts: readonly ['deviceType', 'deviceId'];
 *   @KeyPart(0, 'string') deviceType!: string;
 *   @KeyPart(1, 'string') deviceId!: string;
 * }
 * type K = KeyPartsOf<typeof Device>; // readonly ['deviceType', 'deviceId']
 * ```
 */
export type KeyPartsOf<C> = C extends { readonly keyParts?: infer K }
  ? K extends readonly string[]
    ? number extends K['length']
      ? undefined
      : K
    : undefined
  : undefined;

type Values<E, P extends keyof E> = { readonly [Q in P]: E[Q] };
/**
 * Properties that must not be given: the key parts after those a key prefix or shared key stops at.
 *
 * @example
 * ```ts
 * const none: Absent<'deviceId'> = {};
 * ```
 */
export type Absent<P extends PropertyKey> = { readonly [Q in P]?: never };

/**
 * A full key: exactly the declared key parts (extra properties are allowed on variables, such as a whole entity,
 * but not in object literals). Without a declaration, {@link KeyInput}.
 *
 * @example
 * ```ts
 * const key: FullKey<Device, readonly ['deviceType', 'deviceId']> = { deviceType: 'phone', deviceId: 'x' };
 * ```
 */
export type FullKey<E, K extends KeyParts<E> | undefined> = [K] extends [KeyParts<E>]
  ? Values<E, K[number]>
  : KeyInput<E>;

/**
 * The full key of an entity in a repository of a scope (`mapper.scope({ tenant: 'acme' })`; unnamed at the entry
 * points, like `Scope`): the scope's key parts `S` may be left out (the scope's values fill them in); given, they
 * must equal the scope's values (else an InvalidArgumentError before anything is sent). Without a scope (`S` =
 * `never`) it is {@link FullKey}.
 *
 * @example
 * ```ts
 * const key: ScopedKey<Device, readonly ['deviceType', 'deviceId'], 'deviceType'> = { deviceId: 'x' };
 * ```
 */
export type ScopedKey<E, K extends KeyParts<E> | undefined, S extends keyof E & string> = [S] extends [never]
  ? FullKey<E, K>
  : Omit<FullKey<E, K>, S> & { readonly [P in S]?: E[P] };

type LeadingRuns<E, Rest extends KeyParts<E>, Done extends keyof E> = Rest extends readonly [
  infer H extends keyof E & string,
  ...infer T extends KeyParts<E>,
]
  ? (Values<E, Done> & Absent<Rest[number]>) | LeadingRuns<E, T, Done | H>
  : Values<E, Done>;

/**
 * A key prefix: the first key parts in key order and nothing else — `{}`, `{ a }`, `{ a, b }`, … but never `{ b }`
 * or `{ a, c }` (a later part is typed `never` until the parts before it are given). Without a declaration,
 * {@link KeyInput}.
 *
 * @example
 * ```ts
 * const phones: KeyPrefix<Device, readonly ['deviceType', 'deviceId']> = { deviceType: 'phone' };
 * ```
 */
export type KeyPrefix<E, K extends KeyParts<E> | undefined> = [K] extends [KeyParts<E>]
  ? LeadingRuns<E, K, never>
  : KeyInput<E>;

/**
 * A key prefix with at least the first key part (what `deleteByPrefix` takes without `allowEntireEntity`).
 *
 * @example
 * ```ts
 * const phones: NonEmptyKeyPrefix<Device, readonly ['deviceType', 'deviceId']> = { deviceType: 'phone' };
 * ```
 */
export type NonEmptyKeyPrefix<E, K extends KeyParts<E> | undefined> = [K] extends [KeyParts<E>]
  ? K extends readonly [infer H extends keyof E & string, ...infer T extends KeyParts<E>]
    ? LeadingRuns<E, T, H>
    : never
  : KeyInput<E>;

/** The key parts after the scope's leading ones. */
type AfterScope<E, K extends KeyParts<E>, S> = K extends readonly [
  infer H extends keyof E & string,
  ...infer T extends KeyParts<E>,
]
  ? H extends S
    ? AfterScope<E, T, S>
    : K
  : K;

/**
 * A key prefix in a repository of a scope: a {@link KeyPrefix}, or the scope's key parts left out (optional) and
 * the leading parts after them in order. Without a scope (`S` = `never`) it is {@link KeyPrefix}.
 *
 * @example
 * ```ts
 * const eu: ScopedKeyPrefix<Device, readonly ['deviceType', 'deviceId'], 'deviceType'> = { deviceId: 'x' };
 * ```
 */
export type ScopedKeyPrefix<E, K extends KeyParts<E> | undefined, S extends keyof E & string> = [S] extends [
  never,
]
  ? KeyPrefix<E, K>
  : [K] extends [KeyParts<E>]
    ? KeyPrefix<E, K> | ({ readonly [P in S]?: E[P] } & KeyPrefix<E, AfterScope<E, K, S>>)
    : KeyInput<E>;

/**
 * A non-empty key prefix in a repository of a scope: a {@link NonEmptyKeyPrefix}, or the scope's key parts left out
 * and at least the first part after them. Without a scope it is {@link NonEmptyKeyPrefix}.
 *
 * @example
 * ```ts
 * const x: ScopedNonEmptyKeyPrefix<Device, readonly ['deviceType', 'deviceId'], 'deviceType'> = { deviceId: 'x' };
 * ```
 */
export type ScopedNonEmptyKeyPrefix<E, K extends KeyParts<E> | undefined, S extends keyof E & string> = [
  S,
] extends [never]
  ? NonEmptyKeyPrefix<E, K>
  : [K] extends [KeyParts<E>]
    ? NonEmptyKeyPrefix<E, K> | ({ readonly [P in S]?: E[P] } & NonEmptyKeyPrefix<E, AfterScope<E, K, S>>)
    : KeyInput<E>;

/**
 * Encodes the row key of a key input. The key codec throws a KeyEncodingError naming the missing or bad field, so
 * nothing is sent for an incomplete key.
 *
 * @example
 * ```ts
 * const key = rowKeyOf(meta, { deviceId: 'x' });
 * ```
 */
export function rowKeyOf<E extends object>(meta: EntityMetadata<E>, input: object): Uint8Array {
  const values: Record<string, KeyValue> = {};
  for (const part of meta.key.parts)
    values[part.property] = (input as Record<string, KeyValue>)[part.property]!;
  return meta.key.codec.encode(values);
}
