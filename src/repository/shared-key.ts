import type { EntityClass } from '../metadata/entity-metadata.js';
import type { Absent, KeyPartsOf } from '../mapping/key-input.js';

/**
 * Entity classes of a collection, by the name each type gets in the results.
 *
 * @example
 * ```ts
 * const members: CollectionMembers = { video: Video, comments: Comment };
 * ```
 */
export type CollectionMembers = Readonly<Record<string, EntityClass>>;

/**
 * The entity types of a collection: member name → instance type.
 *
 * @example
 * ```ts
 * type T = CollectionEntities<{ video: typeof Video }>; // { video: Video }
 * ```
 */
export type CollectionEntities<M extends CollectionMembers> = { [K in keyof M & string]: InstanceType<M[K]> };

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
type Heads<U> = U extends readonly [infer H, ...unknown[]] ? H : never;
type Tails<U> = U extends readonly [unknown, ...infer T] ? T : never;
type AnyEmpty<U> = true extends (U extends readonly [unknown, ...unknown[]] ? false : true) ? true : false;

/** The longest common leading run of a union of key-part tuples. */
type CommonLeading<U> =
  AnyEmpty<U> extends true
    ? []
    : true extends IsUnion<Heads<U>>
      ? []
      : [Heads<U>, ...CommonLeading<Tails<U>>];

type DeclaredParts<M extends CollectionMembers> = { [K in keyof M]: KeyPartsOf<M[K]> }[keyof M];

/**
 * The key parts every member of a collection starts with, in key order, when every member declares its key parts
 * to TypeScript (`defineEntity`, or `declare static readonly keyParts` on a decorated class); undefined otherwise.
 *
 * @example
 * ```ts
 * type P = SharedKeyParts<{ video: typeof Video; comments: typeof Comment }>; // ['videoId']
 * ```
 */
export type SharedKeyParts<M extends CollectionMembers> =
  undefined extends DeclaredParts<M> ? undefined : CommonLeading<DeclaredParts<M>>;

type AnyEntity<M extends CollectionMembers> = InstanceType<M[keyof M]>;
type ValueOf<M extends CollectionMembers, P extends PropertyKey> =
  AnyEntity<M> extends infer E ? (E extends unknown ? (P extends keyof E ? E[P] : never) : never) : never;
type Values<M extends CollectionMembers, P extends string> = { readonly [Q in P]: ValueOf<M, Q> };

type Runs<M extends CollectionMembers, Rest, Done extends string> = Rest extends readonly [
  infer H extends string,
  ...infer T extends readonly string[],
]
  ? (Values<M, Done | H> & Absent<T[number]>) | Runs<M, T, Done | H>
  : never;

/**
 * What `collection(...).key()` takes: the first shared key part, optionally followed by the next shared ones in key
 * order (`{ videoId }`; with shared parts `[tenant, videoId]`, `{ tenant }` or `{ tenant, videoId }`). The values
 * are typed from the members' properties. When a member does not declare its key parts, any leading key values.
 *
 * @example
 * ```ts
 * const key: SharedKey<{ video: typeof Video; comments: typeof Comment }> = { videoId: 'v1' };
 * ```
 */
export type SharedKey<M extends CollectionMembers> =
  SharedKeyParts<M> extends readonly [string, ...unknown[]]
    ? Runs<M, SharedKeyParts<M>, never>
    : SharedKeyParts<M> extends undefined
      ? Readonly<Record<string, unknown>>
      : never;
