import { NotFoundError } from '../errors/not-found-error.js';
import type { EntityChanges } from '../mapping/build-update-mutations.js';
import type { KeyParts, ScopedKey, ScopedKeyPrefix, ScopedNonEmptyKeyPrefix } from '../mapping/key-input.js';
import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { ScopeValues } from '../metadata/scoped-metadata.js';
import type { CallObserver } from '../observe/call-observer.js';
import { findQuery } from '../query/index.js';
import type { Lookup, Query } from '../query/index.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import type { SaveManyOptions } from '../write/batch/batch-types.js';
import { deleteEntity } from '../write/delete-entity.js';
import { setCounter } from '../write/set-counter.js';
import { unchangedCondition } from '../write/unchanged-condition.js';
import { updateEntity } from '../write/update-entity.js';
import type { WriteTarget } from '../write/write-target.js';
import type {
  AggregateCallOptions,
  DeleteByPrefixOptions,
  DeleteEntityOptions,
  SaveEntityOptions,
  UpdateEntityOptions,
} from '../write/write-options.js';
import { aggregateCall } from './aggregate-call.js';
import type {
  AggregateMapProperty,
  AggregateProperty,
  AmountsOf,
  CounterMapProperty,
  CounterProperty,
  MapProperty,
  MapValueOf,
  MemberOf,
  SetProperty,
} from './collection-property.js';
import { deleteByPrefixCall } from './delete-by-prefix-call.js';
import { deleteManyCall } from './delete-many-call.js';
import { entityLookup, lookupEntities } from './entity-lookup.js';
import { entityWrite } from './entity-write.js';
import { entryWrite } from './entry-write.js';
import { hasCall } from './has-call.js';
import { incrementCall } from './increment-call.js';
import { keyedWrite } from './keyed-write.js';
import type { CallOptions, RepositoryOptions } from './repository-options.js';
import type { RepositoryParts } from './repository-parts.js';
import { repositoryParts } from './repository-parts.js';
import { saveManyCall } from './save-many-call.js';

/** The entity of a one-key lookup. */
function firstOf<E>(entities: ReadonlyArray<E | undefined>): E | undefined {
  return entities[0];
}

/**
 * Reads and writes one entity class. Every write of one entity is one atomic row mutation; see docs/writes.md for
 * what is retried, what each error means and what clocks do and do not affect.
 *
 * @example
 * ```ts
 * const devices = mapper.repository(Device);
 * await devices.save(device);
 * const again = await devices.get({ deviceType: 'phone', deviceId: '4c410523' });
 * ```
 */
export class Repository<
  E extends object,
  K extends KeyParts<E> | undefined = undefined,
  S extends keyof E & string = never,
> {
  /** Argument checks, write targets, the read executor and the scope, wired from the constructor's arguments. */
  private readonly parts: RepositoryParts<E>;

  constructor(connection: BigtableConnection, meta: EntityMetadata<E>, options?: RepositoryOptions);
  /**
   * With the mapper's observer, shared by its repositories (a repository made alone observes its own calls), and
   * for `mapper.scope(values).repository(C)` the scope: its metadata's key codec refuses keys outside it, and every
   * key and prefix the caller gives gets the scope's values where it leaves them out (`ScopedKey`).
   *
   * @internal The observer is the SDK's own.
   */
  constructor(
    connection: BigtableConnection,
    meta: EntityMetadata<E>,
    options: RepositoryOptions,
    observer: CallObserver<MappingWarning>,
    scope?: ScopeValues,
  );
  constructor(
    connection: BigtableConnection,
    readonly meta: EntityMetadata<E>,
    options: RepositoryOptions = {},
    observer?: CallObserver<MappingWarning>,
    scope?: ScopeValues,
  ) {
    this.parts = repositoryParts('Repository.constructor', connection, meta, options, observer, scope);
  }

  /** The table the entity lives in. */
  get tableId(): string {
    return this.parts.tableId();
  }

  /**
   * The row key of an entity or of its key properties (KeyEncodingError for a missing or invalid part).
   *
   * @example
   * ```ts
   * devices.keyOf({ deviceType: 'phone', deviceId: 'x' }); // Uint8Array 'phone#x'
   * ```
   */
  keyOf(key: ScopedKey<E, K, S>): Uint8Array {
    this.parts.check.key('keyOf', key);
    return this.parts.keyOf(key);
  }

  /**
   * The entity stored under the key, or undefined.
   *
   * @example
   * ```ts
   * const d = await devices.get({ deviceType: 'phone', deviceId: 'x' });
   * ```
   */
  get(key: ScopedKey<E, K, S>, options: CallOptions = {}): Promise<E | undefined> {
    // Not an async function: one promise fewer per `get` (a hook each under a tracing context manager on Node
    // 20); a bad key is still a rejection, never a throw.
    try {
      this.parts.check.key('get', key);
      return lookupEntities(this.parts, 'get', [key], options).then(firstOf);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Like {@link get}, but a missing row is a NotFoundError.
   *
   * @example
   * ```ts
   * const d = await devices.getOrThrow({ deviceType: 'phone', deviceId: 'x' });
   * ```
   */
  async getOrThrow(key: ScopedKey<E, K, S>, options: CallOptions = {}): Promise<E> {
    this.parts.check.key('getOrThrow', key);
    const entity = await this.get(key, options);
    if (entity === undefined) throw new NotFoundError({ entity: this.meta.name, key: this.keyOf(key) });
    return entity;
  }

  /**
   * Several entities in one ReadRows, aligned with the input (undefined where absent; duplicates allowed).
   *
   * @example
   * ```ts
   * const [a, b] = await devices.getMany([{ deviceId: 'a' }, { deviceId: 'b' }]);
   * ```
   */
  async getMany(
    keys: readonly ScopedKey<E, K, S>[],
    options: CallOptions = {},
  ): Promise<Array<E | undefined>> {
    return lookupEntities(this.parts, 'getMany', keys, options);
  }

  /**
   * The read `getMany` sends, as a value: whole entities by full key in one ReadRows, with `versions()`,
   * `compile()`, `explain()` and `toArray()` (aligned with the keys). Keys are encoded here (KeyEncodingError before
   * anything is sent).
   *
   * @example
   * ```ts
   * console.log(devices.lookup([{ deviceType: 'phone', deviceId: 'x' }]).explain());
   * ```
   */
  lookup(keys: readonly ScopedKey<E, K, S>[]): Lookup<E> {
    return entityLookup(this.parts, 'lookup', keys);
  }

  /**
   * A query over this entity, narrowed to the rows whose given properties equal the given values (key parts in
   * key order make the exact key prefix; other properties become conditions). Without a condition on the first
   * key part the query is refused as a scan unless `allowScan()` is called (or use {@link scan}).
   *
   * @example
   * ```ts
   * const phones = await devices.find({ deviceType: 'phone' }).reverse().limit(10).toArray();
   * ```
   */
  find(keyPrefix: ScopedKeyPrefix<E, K, S> = {} as ScopedKeyPrefix<E, K, S>): Query<E> {
    this.parts.check.keyPrefix('find', keyPrefix);
    return findQuery(this.meta, this.parts.executor('find'), this.parts.inScope(keyPrefix));
  }

  /**
   * Every row of the entity (`find().allowScan()`): a full scan of its key space, filtered by any conditions.
   *
   * @example
   * ```ts
   * const broken = await devices.scan().where('status', '=', 'broken').toArray();
   * ```
   */
  scan(): Query<E> {
    return findQuery<E>(this.meta, this.parts.executor('scan'), {}).allowScan();
  }

  /**
   * Writes the entity as one atomic MutateRow: afterwards the row's mapped state is exactly the entity (stale map
   * and set entries and absent optional columns removed). With a version field the write is conditional on the
   * stored version (OptimisticLockError on conflict) and the entity's version is advanced. An entity a read
   * returned partially (`select()`, an `entries()` window) writes only what was loaded, and only if the row still
   * exists (NotFoundError otherwise). A write sent without an answer, that a read-back cannot confirm, ends with
   * OutcomeUnknownError; it is never re-sent.
   *
   * @example
   * ```ts
   * await devices.save(device);
   * ```
   */
  async save(entity: E, options: SaveEntityOptions = {}): Promise<E> {
    return entityWrite(this.parts, 'save', entity, options);
  }

  /**
   * Writes a new entity; if any cell exists under its key, nothing is written and AlreadyExistsError is thrown
   * (one atomic CheckAndMutateRow).
   *
   * @example
   * ```ts
   * await devices.insert(device);
   * ```
   */
  async insert(entity: E, options: CallOptions = {}): Promise<E> {
    return entityWrite(this.parts, 'insert', entity, options);
  }

  /**
   * Writes only the given properties of an existing entity, atomically: scalar columns (undefined/null deletes an
   * optional one), whole maps/sets, or entry-level `{ put, remove }` changes of a map/set. NotFoundError when the
   * row does not exist; with `expectedVersion`, OptimisticLockError when the stored version differs. Resolves to
   * the new version when `expectedVersion` was given. With `ifUnchanged` (compare-and-set), OptimisticLockError and
   * nothing written unless the row exists and each named column still holds exactly the given value
   * (docs/writes.md#compare-and-set-ifunchanged).
   *
   * @example
   * ```ts
   * await devices.update({ deviceId: 'x' }, { name: 'kitchen', tags: { put: new Set(['new']), remove: ['old'] } });
   * await devices.update({ deviceId: 'x' }, { name: 'hall' }, { ifUnchanged: { name: 'kitchen' } });
   * ```
   */
  async update(
    key: ScopedKey<E, K, S>,
    changes: EntityChanges<E>,
    options: UpdateEntityOptions<E> = {},
  ): Promise<bigint | number | undefined> {
    return keyedWrite(this.parts, 'update', key, options, (scoped) => {
      this.parts.check.changes('update', changes);
      this.parts.check.expectedVersion('update', options);
      const unchanged = unchangedCondition(this.meta, 'update', options);
      return (t) => updateEntity(t, scoped, changes, options, undefined, unchanged);
    });
  }

  /**
   * Adds members to a Set property: one SetCell per member in one MutateRow. Needs no read and no existing row,
   * and concurrent adders never lose each other's members (each member is its own qualifier). Adding a member
   * twice is the same as once.
   *
   * @example
   * ```ts
   * await friends.add({ userId: 'jose' }, 'friends', ['sofia']);
   * ```
   */
  async add<P extends SetProperty<E>>(
    key: ScopedKey<E, K, S>,
    property: P,
    // `& object`: a string is iterable, but one member, never a list of its characters.
    members: Iterable<MemberOf<E[P]>> & object,
    options: CallOptions = {},
  ): Promise<void> {
    return entryWrite(this.parts, 'add', key, property, members, options);
  }

  /**
   * Puts entries into a Map property: per entry a DeleteFromColumn + SetCell of its qualifier (the last put to
   * arrive wins, whatever the clocks), all in one MutateRow, with no read and no existing row needed. On a
   * `@CounterMap` it sets (resets) counters as {@link setCounter} does; an `@AggregateMap` is refused.
   *
   * @example
   * ```ts
   * await users.put({ userId: 'jose' }, 'circles', new Map([['sofia', 'family']]));
   * ```
   */
  async put<P extends MapProperty<E>>(
    key: ScopedKey<E, K, S>,
    property: P,
    entries:
      | ReadonlyMap<MemberOf<E[P]>, MapValueOf<E[P]>>
      | (Iterable<readonly [MemberOf<E[P]>, MapValueOf<E[P]>]> & object),
    options: CallOptions = {},
  ): Promise<void> {
    return entryWrite(this.parts, 'put', key, property, entries, options);
  }

  /**
   * Removes members of a Set property, or entries of a Map property by key: one DeleteFromColumn each, in one
   * MutateRow. Removing what is not there is not an error.
   *
   * @example
   * ```ts
   * await friends.remove({ userId: 'jose' }, 'friends', ['sofia']);
   * ```
   */
  async remove<P extends SetProperty<E> | MapProperty<E>>(
    key: ScopedKey<E, K, S>,
    property: P,
    // `& object`: a string is iterable, but one member, never a list of its characters.
    members: Iterable<MemberOf<E[P]>> & object,
    options: CallOptions = {},
  ): Promise<void> {
    return entryWrite(this.parts, 'remove', key, property, members, options);
  }

  /**
   * Whether a Set property holds `member` (or a Map property has the key `member`), reading only that member's cell
   * (one column of one row, never the rest of the family; `bob` never matches `bobby`). The read is
   * `find(key).select(property).entries(property, { members: [member] })`, so its `explain()` shows the request.
   *
   * @example
   * ```ts
   * if (await devices.has({ deviceType: 'phone', deviceId: 'x' }, 'tags', 'kitchen')) console.log('tagged');
   * ```
   */
  async has<P extends SetProperty<E> | MapProperty<E>>(
    key: ScopedKey<E, K, S>,
    property: P,
    member: MemberOf<E[P]>,
    options: CallOptions = {},
  ): Promise<boolean> {
    return hasCall(this.parts, key, property, member, options);
  }

  /**
   * Deletes the entity's row (all its cells, known or not). Deleting a missing row is not an error. With
   * `expectedVersion`, or without it when `key` is an entity whose version property is set, the delete is
   * conditional on that version (OptimisticLockError and nothing deleted if the row holds another one); version 0
   * means "no version cell yet", as for `save` and `update`. With `ifUnchanged`, only while the row exists and each
   * named column still holds exactly the given value (OptimisticLockError otherwise). A plain key deletes
   * unconditionally.
   *
   * @example
   * ```ts
   * await devices.delete({ deviceType: 'phone', deviceId: 'x' });
   * await devices.delete({ deviceType: 'phone', deviceId: 'y' }, { ifUnchanged: { name: 'old' } });
   * ```
   */
  async delete(key: ScopedKey<E, K, S>, options: DeleteEntityOptions<E> = {}): Promise<void> {
    const write = (scoped: object) => {
      this.parts.check.expectedVersion('delete', options);
      const unchanged = unchangedCondition(this.meta, 'delete', options);
      return (t: WriteTarget<E>) => deleteEntity(t, scoped, options, unchanged);
    };
    return keyedWrite(this.parts, 'delete', key, options, write, 'entity');
  }

  /**
   * Deletes every row whose key starts with the given leading key parts, exactly the first ones in key order
   * (`{ tenant }`, `{ tenant, folder }`, …): DropRowRange on the exact prefix (`acme` never touches `acme2`), and a
   * full key deletes exactly its row. A gap, a non-key or unknown property (KeyEncodingError), an empty prefix
   * without `allowEntireEntity`, or a prefix other entities' rows can lie under unless named in `alsoDelete`
   * (InvalidArgumentError) are refused before anything is sent (docs/writes.md#deletebyprefix-dropping-a-tenant).
   *
   * @example
   * ```ts
   * await purchases.deleteByPrefix({ tenant: 'acme' });
   * ```
   */
  async deleteByPrefix(
    partialKey: ScopedNonEmptyKeyPrefix<E, K, S>,
    options?: DeleteByPrefixOptions,
  ): Promise<void>;
  async deleteByPrefix(
    partialKey: ScopedKeyPrefix<E, K, S>,
    options: DeleteByPrefixOptions & { readonly allowEntireEntity: true },
  ): Promise<void>;
  async deleteByPrefix(
    partialKey: ScopedKeyPrefix<E, K, S> | ScopedNonEmptyKeyPrefix<E, K, S>,
    options: DeleteByPrefixOptions = {},
  ): Promise<void> {
    return deleteByPrefixCall(this.parts, partialKey, options);
  }

  /**
   * Adds `by` to a `@Counter` property (ReadModifyWriteRow; a missing counter counts from 0) and returns the new
   * value; with a `@CounterMap`, `amounts` (a Map or `[key, amount]` pairs) increments several keys of the row in
   * one ReadModifyWriteRow and resolves to each key's new value. Re-sent only when the attempt provably never
   * reached the server (OutcomeUnknownError after a lost answer). A result out of range is a CounterOverflowError:
   * the increment was applied (docs/writes.md#counters-and-aggregates).
   *
   * @example
   * ```ts
   * const likes = await videos.increment({ videoId: 'v1' }, 'likes', 1);
   * const formats = await videos.increment({ videoId: 'v1' }, 'formats', new Map([['hd', 1]])); // Map { 'hd' => 1n }
   * ```
   */
  async increment<P extends CounterProperty<E>>(
    key: ScopedKey<E, K, S>,
    property: P,
    by?: bigint | number,
    options?: CallOptions,
  ): Promise<bigint | number>;
  async increment<P extends CounterMapProperty<E>>(
    key: ScopedKey<E, K, S>,
    property: P,
    amounts: AmountsOf<E[P]>,
    options?: CallOptions,
  ): Promise<Map<MemberOf<E[P]>, MapValueOf<E[P]>>>;
  async increment(
    key: ScopedKey<E, K, S>,
    property: string,
    by: unknown = 1,
    options: CallOptions = {},
  ): Promise<bigint | number | Map<unknown, unknown>> {
    return incrementCall(this.parts, key, property, by, options);
  }

  /**
   * Sets (resets) a `@Counter` property to `value`: one MutateRow of a DeleteFromColumn and a SetCell of the 8-byte
   * value at timestamp 0 (a `@CounterMap` is set with `put`). An increment the server orders after it counts from
   * `value`, one ordered before it is replaced, and no older value is read again, whatever the clocks; a lost answer
   * is never re-sent (docs/writes.md#setting-and-resetting-a-counter).
   *
   * @example
   * ```ts
   * await videos.setCounter({ videoId: 'v1' }, 'likes', 0);
   * ```
   */
  async setCounter<P extends CounterProperty<E>>(
    key: ScopedKey<E, K, S>,
    property: P,
    value: bigint | number,
    options: CallOptions = {},
  ): Promise<void> {
    return keyedWrite(
      this.parts,
      'setCounter',
      key,
      options,
      (k) => (t) => setCounter(t, k, property, value),
    );
  }

  /**
   * Feeds a value into an `@Aggregate` property with AddToCell, or with an `@AggregateMap`, `inputs` (a Map or
   * `[key, value]` pairs) into several keys of the row in one MutateRow. Inputs with the same bucket (a Date,
   * default the epoch: one all-time cell) merge on the server; other buckets are other cells. Not idempotent:
   * re-sent only when the attempt provably never reached the server (OutcomeUnknownError after a lost answer).
   *
   * @example
   * ```ts
   * await videos.aggregate({ videoId: 'v1' }, 'views', 1, { bucket: new Date('2026-01-01T10:00:00Z') });
   * ```
   */
  async aggregate<P extends AggregateProperty<E>>(
    key: ScopedKey<E, K, S>,
    property: P,
    value: bigint | number,
    options?: AggregateCallOptions,
  ): Promise<void>;
  async aggregate<P extends AggregateMapProperty<E>>(
    key: ScopedKey<E, K, S>,
    property: P,
    inputs: AmountsOf<E[P]>,
    options?: AggregateCallOptions,
  ): Promise<void>;
  async aggregate(
    key: ScopedKey<E, K, S>,
    property: string,
    value: unknown,
    options: AggregateCallOptions = {},
  ): Promise<void> {
    return aggregateCall(this.parts, key, property, value, options);
  }

  /**
   * Saves many entities, each atomically, in MutateRows batches with bounded concurrency (versioned ones one by one
   * with their check); a key repeated in the input is written in input order. Only entries that provably applied
   * nothing are re-sent; those sent without an answer are read back once. Throws PartialWriteError with one outcome
   * per entity (written / not written / unknown) unless every entity was written. An array is validated whole
   * before anything is sent; an iterable or async iterable is streamed with bounded memory, and the first batch not
   * wholly written stops it (docs/writes.md#batches, #loading-from-a-stream).
   *
   * @example
   * ```ts
   * await devices.saveMany([phone, tablet]);
   * await devices.saveMany(readDevicesFromFile(), { onProgress: (p) => console.log(`${p.written} written`) });
   * ```
   */
  async saveMany(
    entities: readonly E[] | Iterable<E> | AsyncIterable<E>,
    options: SaveManyOptions = {},
  ): Promise<void> {
    return saveManyCall(this.parts, entities, options);
  }

  /**
   * Deletes many rows in MutateRows batches. Throws PartialWriteError with one outcome per key unless every row
   * was deleted.
   *
   * @example
   * ```ts
   * await devices.deleteMany([{ deviceId: 'a' }, { deviceId: 'b' }]);
   * ```
   */
  async deleteMany(keys: readonly ScopedKey<E, K, S>[], options: CallOptions = {}): Promise<void> {
    return deleteManyCall(this.parts, keys, options);
  }
}
