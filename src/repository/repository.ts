import { NotFoundError } from '../errors/not-found-error.js';
import type { EntityChanges } from '../mapping/build-update-mutations.js';
import type { KeyParts, ScopedKey, ScopedKeyPrefix, ScopedNonEmptyKeyPrefix } from '../mapping/key-input.js';
import { rowKeyOf } from '../mapping/key-input.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import { Lookup, findQuery, hasMember, keysNode } from '../query/index.js';
import type { Query } from '../query/index.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { addToAggregate } from '../write/add-to-aggregate.js';
import type { SaveManyOptions } from '../write/batch/batch-types.js';
import { deleteMany, saveMany } from '../write/batch/save-many.js';
import { deleteByPrefix } from '../write/delete-by-prefix.js';
import { deleteEntity } from '../write/delete-entity.js';
import { incrementCounter } from '../write/increment-counter.js';
import { incrementCounterMap } from '../write/increment-counter-map.js';
import { addToAggregateMap } from '../write/add-to-aggregate-map.js';
import { setCounter } from '../write/set-counter.js';
import { insertEntity } from '../write/insert-entity.js';
import { saveEntity } from '../write/save-entity.js';
import { updateEntity } from '../write/update-entity.js';
import { writeEntries } from '../write/write-entries.js';
import type { WriteTargets } from '../write/write-targets.js';
import type {
  AggregateCallOptions,
  DeleteByPrefixOptions,
  DeleteEntityOptions,
  SaveEntityOptions,
  UpdateEntityOptions,
} from '../write/write-options.js';
import { collectionField } from './collection-field.js';
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
import type { EntityArguments } from './entity-arguments.js';
import type { CallOptions, RepositoryOptions } from './repository-options.js';
import type { RepositoryParts } from './repository-parts.js';
import { repositoryParts } from './repository-parts.js';
import type { CallOperation } from '../mapping/intercepted-call.js';
import { prefixRange } from '../mapping/intercepted-rows.js';
import { runBeforeSave } from '../mapping/run-entity-hooks.js';
import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { CallObserver } from '../observe/call-observer.js';

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
  /** Argument checks, write targets and the read executor, wired from the constructor's arguments. */
  private readonly check: EntityArguments;
  private readonly writes: WriteTargets<E>;
  private readonly parts: RepositoryParts<E>;

  constructor(connection: BigtableConnection, meta: EntityMetadata<E>, options?: RepositoryOptions);
  /**
   * With the mapper's observer, shared by its repositories (a repository made alone observes its own calls).
   *
   * @internal The observer is the SDK's own.
   */
  constructor(
    connection: BigtableConnection,
    meta: EntityMetadata<E>,
    options: RepositoryOptions,
    observer: CallObserver<MappingWarning>,
  );
  constructor(
    connection: BigtableConnection,
    readonly meta: EntityMetadata<E>,
    options: RepositoryOptions = {},
    observer?: CallObserver<MappingWarning>,
  ) {
    this.parts = repositoryParts('Repository.constructor', connection, meta, options, observer);
    this.check = this.parts.check;
    this.writes = this.parts.writes;
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
    this.check.key('keyOf', key);
    return rowKeyOf(this.meta, this.inScope(key));
  }

  /**
   * The key with the scope's values where it leaves them out (a scoped repository overrides it); the key itself
   * here.
   *
   * @internal
   */
  protected inScope<T>(key: T): T {
    return key;
  }

  /**
   * The entity stored under the key, or undefined.
   *
   * @example
   * ```ts
   * const d = await devices.get({ deviceType: 'phone', deviceId: 'x' });
   * ```
   */
  async get(key: ScopedKey<E, K, S>, options: CallOptions = {}): Promise<E | undefined> {
    this.check.key('get', key);
    const [entity] = await this.readMany('get', [key], options);
    return entity;
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
    this.check.key('getOrThrow', key);
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
    return this.readMany('getMany', keys, options);
  }

  private readMany(
    operation: CallOperation,
    keys: readonly ScopedKey<E, K, S>[],
    options: CallOptions,
  ): Promise<Array<E | undefined>> {
    this.check.call('getMany', options);
    return this.lookupAs(operation, keys).signal(options.signal, options.timeoutMs).toArray();
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
    return this.lookupAs('lookup', keys);
  }

  private lookupAs(operation: CallOperation, keys: readonly ScopedKey<E, K, S>[]): Lookup<E> {
    this.check.keys('lookup', keys);
    const rowKeys = keys.map((k) => this.keyOf(k));
    return new Lookup<E>(keysNode(this.meta, rowKeys), this.parts.executor(operation));
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
    this.check.keyPrefix('find', keyPrefix);
    return findQuery(this.meta, this.parts.executor('find'), keyPrefix);
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
    this.check.entity('save', entity);
    this.check.call('save', options);
    return this.writes.run('save', options, async (t) => {
      await this.parts.beforeSave('save', entity);
      return saveEntity(t, entity, options, this.writes.saveOptions);
    });
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
    this.check.entity('insert', entity);
    this.check.call('insert', options);
    return this.writes.run('insert', options, async (t) => {
      await this.parts.beforeSave('insert', entity);
      return insertEntity(t, entity, this.writes.saveOptions);
    });
  }

  /**
   * Writes only the given properties of an existing entity, atomically: scalar columns (undefined/null deletes an
   * optional one), whole maps/sets, or entry-level `{ put, remove }` changes of a map/set. NotFoundError when the
   * row does not exist; with `expectedVersion`, OptimisticLockError when the stored version differs. Resolves to
   * the new version when `expectedVersion` was given.
   *
   * @example
   * ```ts
   * await devices.update({ deviceId: 'x' }, { name: 'kitchen', tags: { put: new Set(['new']), remove: ['old'] } });
   * ```
   */
  async update(
    key: ScopedKey<E, K, S>,
    changes: EntityChanges<E>,
    options: UpdateEntityOptions = {},
  ): Promise<bigint | number | undefined> {
    this.check.key('update', key);
    key = this.inScope(key);
    this.check.changes('update', changes);
    this.check.call('update', options);
    this.check.expectedVersion('update', options);
    return this.writes.run('update', options, async (t) => {
      await this.parts.admit('update', () => ({ keys: [this.keyOf(key)] }));
      return updateEntity(t, key, changes, options);
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
    this.check.key('add', key);
    key = this.inScope(key);
    const field = collectionField(this.meta, property, 'add', ['set']);
    this.check.members('add', 'members', members, property);
    this.check.call('add', options);
    await this.writes.run('add', options, async (t) => {
      await this.parts.admit('add', () => ({ keys: [this.keyOf(key)] }));
      return writeEntries(t, key, field, { put: members });
    });
  }

  /**
   * Puts entries into a Map property: per entry a DeleteFromColumn + SetCell of its qualifier (the last put to
   * arrive wins, whatever the clocks), all in one MutateRow, with no read and no existing row needed. On a
   * `@CounterMap` this sets (resets) counters: the 8-byte value is written at timestamp 0, older than any
   * increment's cell, so an increment arriving after the put counts from the value put and one that arrived before
   * is replaced (docs/entities.md). An `@AggregateMap` is refused (use `aggregate`, and `remove` to clear a key).
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
    this.check.key('put', key);
    key = this.inScope(key);
    const field = collectionField(this.meta, property, 'put', ['map']);
    this.check.call('put', options);
    const list = this.check.entries('put', entries, property);
    await this.writes.run('put', options, async (t) => {
      await this.parts.admit('put', () => ({ keys: [this.keyOf(key)] }));
      return writeEntries(t, key, field, { put: list });
    });
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
    this.check.key('remove', key);
    key = this.inScope(key);
    const field = collectionField(this.meta, property, 'remove', ['set', 'map']);
    this.check.members('remove', 'members', members, property);
    this.check.call('remove', options);
    await this.writes.run('remove', options, async (t) => {
      await this.parts.admit('remove', () => ({ keys: [this.keyOf(key)] }));
      return writeEntries(t, key, field, { remove: members });
    });
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
    this.check.key('has', key);
    key = this.inScope(key);
    collectionField(this.meta, property, 'has', ['set', 'map']);
    this.check.member('has', member, property);
    this.check.call('has', options);
    rowKeyOf(this.meta, key);
    return hasMember(this.meta, this.parts.executor('has'), key, property, member, options);
  }

  /**
   * Deletes the entity's row (all its cells, known or not). Deleting a missing row is not an error. With
   * `expectedVersion`, or without it when `key` is an entity whose version property is set, the delete is
   * conditional on that version (OptimisticLockError and nothing deleted if the row holds another one); version 0
   * means "no version cell yet", as for `save` and `update`. A plain key deletes unconditionally.
   *
   * @example
   * ```ts
   * await devices.delete({ deviceType: 'phone', deviceId: 'x' });
   * ```
   */
  async delete(key: ScopedKey<E, K, S>, options: DeleteEntityOptions = {}): Promise<void> {
    this.check.entity('delete', key, 'key');
    key = this.inScope(key);
    this.check.call('delete', options);
    this.check.expectedVersion('delete', options);
    await this.writes.run('delete', options, async (t) => {
      await this.parts.admit('delete', () => ({ keys: [rowKeyOf(this.meta, key)] }));
      return deleteEntity(t, key, options);
    });
  }

  /**
   * Deletes every row whose key starts with the given leading key parts, which must be exactly the first key parts
   * in key order (`{ tenant }`, `{ tenant, folder }`, …). The prefix is exact (DropRowRange on `acme#`: tenant
   * `acme` never touches `acme2`); a full key deletes exactly that one row (DeleteFromRow), never the longer keys it
   * is a prefix of. A gap in the key parts, a non-key or an unknown property is refused with KeyEncodingError, an
   * empty prefix without `allowEntireEntity` with InvalidArgumentError — before anything is sent. So is a prefix
   * under which other entities' rows can lie (hierarchical keys: comments under `video#<id>`) unless they are named
   * in `alsoDelete`: a prefix drop never deletes another type's rows by surprise. To delete the
   * rows of a query (`find({ tenant, id })`), read their keys and use `deleteMany`.
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
    this.check.key('deleteByPrefix', partialKey);
    this.check.call('deleteByPrefix', options);
    this.check.alsoDelete('deleteByPrefix', options);
    const admit = this.parts.intercepts
      ? ({ prefixes, rows }: { prefixes: readonly Uint8Array[]; rows: readonly Uint8Array[] }) =>
          this.parts.admit('deleteByPrefix', () => ({
            keys: rows,
            ranges: prefixes.map((p) => prefixRange(p)),
          }))
      : undefined;
    await this.writes.run('deleteByPrefix', options, (t) => deleteByPrefix(t, partialKey, options, admit));
  }

  /**
   * Adds `by` to a `@Counter` property (ReadModifyWriteRow; a missing counter counts from 0) and returns the new
   * value. Re-sent only when the attempt provably never reached the server: after a lost answer it is unknown
   * whether the increment applied (OutcomeUnknownError), and only the caller can decide. A new value out of range
   * (an int64 sum that wrapped around, or a `number` counter beyond ±(2^53-1)) is a CounterOverflowError: the
   * increment was applied, and the error carries the stored value as a bigint.
   *
   * With a `@CounterMap` property, `amounts` (a Map or `[key, amount]` pairs) increments one or several keys of the
   * row in one atomic ReadModifyWriteRow (one rule per key; a key given twice adds the sum of its amounts) and the
   * call resolves to the new value of each key.
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
    this.check.key('increment', key);
    key = this.inScope(key);
    this.check.call('increment', options);
    const admit = (): Promise<void> | undefined =>
      this.parts.admit('increment', () => ({ keys: [this.keyOf(key)] }));
    const field = this.meta.fields.find((f) => f.property === property);
    if (field?.kind === 'map' && field.cells === 'counter') {
      const amounts = this.check.entries('increment', by, property, 'amounts');
      return this.writes.run('increment', options, async (t) => {
        await admit();
        return incrementCounterMap(t, key, field, amounts);
      });
    }
    return this.writes.run('increment', options, async (t) => {
      await admit();
      return incrementCounter(t, key, property, by as bigint | number);
    });
  }

  /**
   * Sets (resets) a `@Counter` property to `value`: one MutateRow of a DeleteFromColumn and a SetCell of the 8-byte
   * value at timestamp 0, with no read and no existing row needed (a `@CounterMap` is set with `put`). Against
   * concurrent increments of the row, the server orders the set and each increment one after the other: an
   * increment ordered after the set counts from `value`, one ordered before it is replaced, and no value older than
   * the set is ever read again, whatever the clocks (docs/writes.md). After a lost answer the write is confirmed by a
   * read-back only while the set value is still the counter's newest cell; otherwise OutcomeUnknownError, and it is
   * never re-sent.
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
    this.check.key('setCounter', key);
    key = this.inScope(key);
    this.check.call('setCounter', options);
    await this.writes.run('setCounter', options, async (t) => {
      await this.parts.admit('setCounter', () => ({ keys: [this.keyOf(key)] }));
      return setCounter(t, key, property, value);
    });
  }

  /**
   * Feeds a value into an `@Aggregate` property with AddToCell. Inputs with the same bucket (a Date, default the
   * epoch: one all-time cell) merge on the server; different buckets are separate cells (time-bucketed
   * aggregates). Not idempotent: re-sent only when the attempt provably never reached the server
   * (OutcomeUnknownError after a lost answer).
   *
   * With an `@AggregateMap` property, `inputs` (a Map or `[key, value]` pairs) feeds one or several keys of the
   * row, one AddToCell each, in one MutateRow and one bucket.
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
    this.check.key('aggregate', key);
    key = this.inScope(key);
    this.check.call('aggregate', options);
    const admit = (): Promise<void> | undefined =>
      this.parts.admit('aggregate', () => ({ keys: [this.keyOf(key)] }));
    const bucket = options.bucket ?? new Date(0);
    const field = this.meta.fields.find((f) => f.property === property);
    if (field?.kind === 'map' && field.cells === 'aggregate') {
      const inputs = this.check.entries('aggregate', value, property, 'inputs');
      await this.writes.run('aggregate', options, async (t) => {
        await admit();
        return addToAggregateMap(t, key, field, inputs, bucket);
      });
      return;
    }
    await this.writes.run('aggregate', options, async (t) => {
      await admit();
      return addToAggregate(t, key, property, value as bigint | number, bucket);
    });
  }

  /**
   * Saves many entities: each atomically, in MutateRows batches within the request limits, with bounded
   * concurrency. Versioned entities are saved one by one with their check. Only entries that provably applied
   * nothing are re-sent; entries sent without an answer are read back once. Throws PartialWriteError with one
   * outcome per entity (written / not written / unknown) unless every entity was written.
   *
   * A key repeated in the input is written in input order (arrays and iterables): the row ends as applying the
   * entities one after another would leave it.
   *
   * An array is validated whole before anything is sent. An iterable or async iterable (a file reader, a cursor
   * over another store) is streamed with bounded memory: entities are read from it only as batch slots free up
   * (`batchConcurrency` × 2,000 entities at most in memory), and the first batch not wholly written — or an
   * invalid entity, whose batch is then not sent — stops the load: nothing more is read, and the error's outcomes
   * cover every entity read so far (later ones were never taken from the input). `onProgress` reports after each
   * batch. A `timeoutMs` bounds the whole call; without one, `timeouts.totalMs` bounds an array, or each chunk of
   * a streamed load.
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
    this.check.batch('saveMany', entities, options);
    await this.writes.runBatch('saveMany', options, (target, call) =>
      saveMany(
        target,
        entities,
        call,
        this.writes.saveOptions,
        (e) => {
          this.check.entity('saveMany', e, 'entities[]');
          return runBeforeSave(this.meta, e, 'saveMany');
        },
        this.parts.intercepts
          ? (batch, keys) => this.parts.admit('saveMany', () => ({ keys, entities: batch }))
          : undefined,
      ),
    );
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
    this.check.keys('deleteMany', keys);
    this.check.call('deleteMany', options);
    await this.writes.runBatch('deleteMany', options, async (target, call) => {
      const rows = keys.map((k) => this.keyOf(k));
      await this.parts.admit('deleteMany', () => ({ keys: rows }));
      return deleteMany(target, rows, call);
    });
  }
}
