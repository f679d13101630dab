import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { NotFoundError } from '../errors/not-found-error.js';
import { OptimisticLockError } from '../errors/optimistic-lock-error.js';
import { OutcomeUnknownError } from '../errors/outcome-unknown-error.js';
import { buildSaveMutations } from '../mapping/build-save-mutations.js';
import type { SaveOptions } from '../mapping/build-save-mutations.js';
import type { SaveMutations } from '../mapping/save-mutations.js';
import { applyEntityChanges, applyEntryChange, materializeChanges } from '../mapping/apply-entity-changes.js';
import { buildUpdateMutations, entryMutations } from '../mapping/build-update-mutations.js';
import type { EntityChanges } from '../mapping/build-update-mutations.js';
import { checkWriteLimits } from '../mapping/check-write-limits.js';
import { aggregateInput, counterIncrement } from '../mapping/counter-operations.js';
import { partialLoadOf } from '../mapping/load-state.js';
import { partialSaveChanges } from '../mapping/partial-save-changes.js';
import type { PartialLoad } from '../mapping/load-state.js';
import { located } from '../mapping/locate-error.js';
import { saveTimestampMicros } from '../mapping/save-timestamp.js';
import type {
  EntityClass,
  EntityMetadata,
  MapFieldMetadata,
  SetFieldMetadata,
} from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';
import { Query } from '../query/builder/query.js';
import { queryNode } from '../query/nodes/query-node.js';
import { keysNode } from '../query/nodes/read-node.js';
import { Lookup } from '../query/builder/lookup.js';
import type { QueryExecutor } from '../query/builder/query-executor.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { checkAndMutateRow } from '../transport/check-and-mutate-row.js';
import { deleteAllRows, dropRowsByPrefix } from '../transport/drop-row-range.js';
import { mutateRow } from '../transport/mutate-row.js';
import { readModifyWriteRow } from '../transport/read-modify-write-row.js';
import type { CallPolicy } from './call-policy.js';
import { callOptions, resolveCallPolicy } from './call-policy.js';
import { confirmWritten } from './confirm-written.js';
import { evolvingWrite } from './evolving-write.js';
import type { WriteTarget } from './evolving-write.js';
import type { FullKey, KeyInput, KeyParts, KeyPrefix, NonEmptyKeyPrefix } from './key-input.js';
import { rowKeyOf } from './key-input.js';
import { planPrefixDelete } from '../query/planner/plan-prefix-delete.js';
import { guardPrefixDelete } from './prefix-delete-guard.js';
import { runQueryPlan } from './query-runner.js';
import type { CallOptions, RepositoryOptions } from './repository-options.js';
import { versionPredicate } from './version-predicate.js';
import { prepareMutateRowsEntry } from '../transport/prepare-mutate-rows-entry.js';
import { writeMany } from './write-many.js';
import type { WriteItem } from './write-many.js';
import { writeStream } from './write-stream.js';
import { WriteBackQueue } from './write-back.js';
import type { WriteProgress } from './write-stream.js';
import { encodeEntityKey } from '../mapping/entity-key.js';

/**
 * Options of {@link Repository.saveMany}.
 *
 * @example
 * ```ts
 * const options: SaveManyOptions = { onProgress: (p) => console.log(p.written, 'written') };
 * ```
 */
export interface SaveManyOptions extends CallOptions {
  /** Called after each batch with the counts so far. */
  readonly onProgress?: ((progress: WriteProgress) => void) | undefined;
}

/** Entities per batch when saveMany streams an iterable: one MutateRows call's worth. */
const STREAM_CHUNK = 2_000;

/** Options of {@link Repository.save}. */
export interface SaveEntityOptions extends CallOptions {
  /**
   * Also delete every cell the model does not know (DeleteFromRow first, in the same atomic mutation). By default
   * cells of unknown columns and families are left alone. Not allowed for a partially loaded entity.
   */
  readonly replaceRow?: boolean;
}

/** Options of {@link Repository.delete}. */
export interface DeleteEntityOptions extends CallOptions {
  /** Delete only if the stored version is this one (OptimisticLockError otherwise). */
  readonly expectedVersion?: bigint | number;
}

/** Options of {@link Repository.deleteByPrefix}. */
export interface DeleteByPrefixOptions extends CallOptions {
  /** Allow an empty prefix: every row of the entity. */
  readonly allowEntireEntity?: boolean;
  /**
   * Other entities whose rows lie under the prefix (hierarchical keys: a video's comments) and may be dropped with
   * it. Without them named, such a delete is refused before anything is sent.
   */
  readonly alsoDelete?: readonly EntityClass[];
}

/** Options of {@link Repository.update}. */
export interface UpdateEntityOptions extends CallOptions {
  /** Update only if the stored version is this one (OptimisticLockError otherwise); the version is advanced. */
  readonly expectedVersion?: bigint | number;
}

/** Options of {@link Repository.aggregate}. */
export interface AggregateCallOptions extends CallOptions {
  /** The time bucket (a Date, default the epoch: one all-time cell). */
  readonly bucket?: Date;
}

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
export class Repository<E extends object, K extends KeyParts<E> | undefined = undefined> {
  private readonly policy: CallPolicy;
  /** Write-back of rows reads upcast (entities with `@Evolve`, when enabled). */
  private readonly writeBack: WriteBackQueue | undefined;

  constructor(
    private readonly connection: BigtableConnection,
    readonly meta: EntityMetadata<E>,
    private readonly options: RepositoryOptions = {},
  ) {
    this.policy = resolveCallPolicy(options);
    const evolution = meta.evolution;
    this.writeBack =
      evolution !== undefined && (options.writeBack ?? evolution.writeBack)
        ? new WriteBackQueue(
            connection,
            () => this.tableId,
            this.policy,
            () => this.now(),
            options.onWriteBack,
          )
        : undefined;
  }

  /** The table the entity lives in. */
  get tableId(): string {
    return this.options.tableIds?.[this.meta.table] ?? this.meta.table;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The options of every whole save (one object for all of them: a saveMany makes one save per entity). */
  private readonly saveOptions: SaveOptions = { now: () => this.now() };

  /** Transport options of a write of this entity: the mapper's policy plus the call's signal and deadline. */
  private writeOptions(call: CallOptions = {}) {
    return { ...callOptions(this.policy, call), entity: this.meta.name };
  }

  /**
   * Runs a write; if its outcome is unknown (sent, no answer), reads the row back and counts the write as done
   * when the row shows it. Otherwise the OutcomeUnknownError stands: nothing is ever re-sent over a row that may
   * have changed since.
   */
  private async settle<T>(
    key: Uint8Array,
    mutations: readonly Mutation[],
    call: CallOptions,
    write: () => Promise<T>,
    confirmed: T,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof OutcomeUnknownError)) throw error;
      const [written] = await confirmWritten(
        this.connection,
        this.tableId,
        [{ key, mutations }],
        this.policy,
        call.signal === undefined ? {} : { signal: call.signal },
      );
      if (written) return confirmed;
      throw error;
    }
  }

  /** Where an evolving entity's partial write runs (see `evolvingWrite`). */
  private writeTarget(call: CallOptions): WriteTarget<E> {
    return {
      connection: this.connection,
      tableId: this.tableId,
      meta: this.meta,
      now: () => this.now(),
      policy: this.policy,
      call,
    };
  }

  /** A plain MutateRow of this entity's row, settled by a read-back if its outcome is unknown. */
  private async blindWrite(
    key: Uint8Array,
    mutations: readonly Mutation[],
    call: CallOptions,
  ): Promise<void> {
    await this.settle(
      key,
      mutations,
      call,
      () => mutateRow(this.connection, this.tableId, key, mutations, this.writeOptions(call)),
      undefined,
    );
  }

  /**
   * The row key of an entity or of its key properties (KeyEncodingError for a missing or invalid part).
   *
   * @example
   * ```ts
   * devices.keyOf({ deviceType: 'phone', deviceId: 'x' }); // Uint8Array 'phone#x'
   * ```
   */
  keyOf(key: FullKey<E, K>): Uint8Array {
    return rowKeyOf(this.meta, key);
  }

  /**
   * The entity stored under the key, or undefined.
   *
   * @example
   * ```ts
   * const d = await devices.get({ deviceType: 'phone', deviceId: 'x' });
   * ```
   */
  async get(key: FullKey<E, K>, options: CallOptions = {}): Promise<E | undefined> {
    const [entity] = await this.getMany([key], options);
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
  async getOrThrow(key: FullKey<E, K>, options: CallOptions = {}): Promise<E> {
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
  async getMany(keys: readonly FullKey<E, K>[], options: CallOptions = {}): Promise<Array<E | undefined>> {
    return this.lookup(keys).signal(options.signal, options.timeoutMs).toArray();
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
  lookup(keys: readonly FullKey<E, K>[]): Lookup<E> {
    return new Lookup<E>(
      keysNode(
        this.meta,
        keys.map((k) => this.keyOf(k)),
      ),
      this.executor(),
    );
  }

  /** Runs compiled plans of this entity on the mapper's connection, with its clock and call policy. */
  private executor(): QueryExecutor {
    return {
      now: () => this.now(),
      execute: (meta, plan, options) =>
        runQueryPlan(this.connection, this.tableId, meta, plan, {
          ...options,
          read: callOptions(this.policy),
          ...(this.writeBack ? { upcast: this.writeBack.offer.bind(this.writeBack) } : {}),
        }),
    };
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
  find(keyPrefix: KeyPrefix<E, K> = {} as KeyPrefix<E, K>): Query<E> {
    const conditions = Object.entries(keyPrefix as Record<string, unknown>)
      .filter(([, value]) => value !== undefined)
      .map(([property, value]) => ({ property, op: '=' as const, value }));
    return new Query<E>(queryNode(this.meta, { conditions }), this.executor());
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
    return this.find().allowScan();
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
    const partial = typeof entity === 'object' && entity !== null ? partialLoadOf(entity) : undefined;
    if (partial) return this.savePartial(entity, partial, options);
    const save = buildSaveMutations(this.meta, entity, this.saveOptions);
    const mutations: Mutation[] = options.replaceRow
      ? [{ kind: 'deleteFromRow' }, ...save.mutations]
      : [...save.mutations];
    if (save.version === undefined) {
      await this.blindWrite(save.key, mutations, options);
      return entity;
    }
    await this.conditionalWrite(save, mutations, options);
    (entity as Record<string, unknown>)[this.meta.version!.property] = save.version.next;
    return entity;
  }

  /** Saves what a partial read loaded: loaded properties whole, windowed maps/sets by put, nothing else. */
  private async savePartial(entity: E, load: PartialLoad, options: SaveEntityOptions): Promise<E> {
    const { key, changes, expectedVersion } = partialSaveChanges(
      this.meta,
      entity,
      load,
      options.replaceRow === true,
    );
    const next = await this.update(key as FullKey<E, K>, changes as EntityChanges<E>, {
      ...options,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    const version = this.meta.version;
    if (version && next !== undefined) (entity as Record<string, unknown>)[version.property] = next;
    return entity;
  }

  private async conditionalWrite(
    save: SaveMutations,
    mutations: readonly Mutation[],
    call: CallOptions,
  ): Promise<void> {
    const check = save.version!;
    const { predicate, applyOn } = versionPredicate(check);
    const wanted = applyOn === 'match';
    const matched = await this.settle(
      save.key,
      mutations,
      call,
      () =>
        checkAndMutateRow(
          this.connection,
          this.tableId,
          save.key,
          { predicate, ...(wanted ? { onMatch: mutations } : { onNoMatch: mutations }) },
          this.writeOptions(call),
        ),
      wanted,
    );
    if (matched !== wanted) {
      throw new OptimisticLockError({
        entity: this.meta.name,
        key: save.key,
        expectedVersion:
          check.expected === undefined
            ? undefined
            : (this.meta.version!.codec.decode(check.expected) as bigint | number),
      });
    }
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
    const save = buildSaveMutations(this.meta, entity, this.saveOptions);
    const exists = await this.settle(
      save.key,
      save.mutations,
      options,
      () =>
        checkAndMutateRow(
          this.connection,
          this.tableId,
          save.key,
          { onNoMatch: save.mutations },
          this.writeOptions(options),
        ),
      false,
    );
    if (exists) throw new AlreadyExistsError({ entity: this.meta.name, key: save.key });
    if (save.version) (entity as Record<string, unknown>)[this.meta.version!.property] = save.version.next;
    return entity;
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
    key: FullKey<E, K>,
    changes: EntityChanges<E>,
    options: UpdateEntityOptions = {},
  ): Promise<bigint | number | undefined> {
    // An evolving entity may have to apply the same changes again, to an upcast entity: iterate them once here.
    const evolving = this.meta.evolution !== undefined;
    const input = evolving ? materializeChanges(changes) : changes;
    const update = buildUpdateMutations(this.meta, key as KeyInput<E>, input, {
      now: () => this.now(),
      ...(options.expectedVersion === undefined ? {} : { expectedVersion: options.expectedVersion }),
    });
    if (evolving) {
      const expected = update.version?.expected;
      await evolvingWrite(this.writeTarget(options), {
        key: update.key,
        mutations: update.mutations,
        timestampMicros: update.timestampMicros,
        apply: (entity) => applyEntityChanges(this.meta, entity, input),
        onMissing: 'notFound',
        // expectedVersion 0 encodes to no cell (`expected` undefined) and is checked all the same.
        ...(options.expectedVersion === undefined || this.meta.version === undefined
          ? {}
          : { expectedVersion: { encoded: expected, value: options.expectedVersion } }),
      });
      return update.version?.next;
    }
    if (update.version) {
      await this.conditionalWrite(update, update.mutations, options);
      return update.version.next;
    }
    const exists = await this.settle(
      update.key,
      update.mutations,
      options,
      () =>
        checkAndMutateRow(
          this.connection,
          this.tableId,
          update.key,
          { onMatch: update.mutations },
          this.writeOptions(options),
        ),
      true,
    );
    if (!exists) throw new NotFoundError({ entity: this.meta.name, key: update.key });
    return undefined;
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
    key: FullKey<E, K>,
    property: P,
    members: Iterable<MemberOf<E[P]>>,
    options: CallOptions = {},
  ): Promise<void> {
    const field = this.collectionField(property, 'add', ['set']);
    await this.writeEntries(key, field, { put: members }, options);
  }

  /**
   * Puts entries into a Map property: per entry a DeleteFromColumn + SetCell of its qualifier (the last put to
   * arrive wins, whatever the clocks), all in one MutateRow, with no read and no existing row needed.
   *
   * @example
   * ```ts
   * await users.put({ userId: 'jose' }, 'circles', new Map([['sofia', 'family']]));
   * ```
   */
  async put<P extends MapProperty<E>>(
    key: FullKey<E, K>,
    property: P,
    entries:
      ReadonlyMap<MemberOf<E[P]>, MapValueOf<E[P]>> | Iterable<readonly [MemberOf<E[P]>, MapValueOf<E[P]>]>,
    options: CallOptions = {},
  ): Promise<void> {
    const field = this.collectionField(property, 'put', ['map']);
    const list =
      entries instanceof Map
        ? [...entries.entries()]
        : [...(entries as Iterable<readonly [unknown, unknown]>)];
    await this.writeEntries(key, field, { put: list }, options);
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
    key: FullKey<E, K>,
    property: P,
    members: Iterable<MemberOf<E[P]>>,
    options: CallOptions = {},
  ): Promise<void> {
    const field = this.collectionField(property, 'remove', ['set', 'map']);
    await this.writeEntries(key, field, { remove: members }, options);
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
    key: FullKey<E, K>,
    property: P,
    member: MemberOf<E[P]>,
    options: CallOptions = {},
  ): Promise<boolean> {
    this.collectionField(property, 'has', ['set', 'map']);
    rowKeyOf(this.meta, key);
    // Only the key parts: `key` may be a whole entity, whose other properties are no conditions here.
    const parts = Object.fromEntries(
      this.meta.key.parts.map((p) => [p.property, (key as Record<string, unknown>)[p.property]]),
    );
    let query = this.find(parts as KeyPrefix<E, K>)
      .select(property)
      .entries(property as never, { members: [member as never] });
    if (options.signal) query = query.signal(options.signal);
    if (options.timeoutMs !== undefined) query = query.timeout(options.timeoutMs);
    const row = (await query.first()) as Record<string, unknown> | undefined;
    const held = row?.[property] as { readonly size: number } | undefined;
    return held !== undefined && held.size > 0;
  }

  private collectionField(
    property: string,
    api: string,
    kinds: ReadonlyArray<'set' | 'map'>,
  ): MapFieldMetadata | SetFieldMetadata {
    const field = this.meta.fields.find((f) => f.property === property);
    if (!field || !(kinds as readonly string[]).includes(field.kind)) {
      throw new InvalidArgumentError({
        api: `Repository<${this.meta.name}>.${api}`,
        argument: 'property',
        value: property,
        expected: `a ${kinds.join(' or ')} property of ${this.meta.name}`,
      });
    }
    return field as MapFieldMetadata | SetFieldMetadata;
  }

  private async writeEntries(
    key: FullKey<E, K>,
    field: MapFieldMetadata | SetFieldMetadata,
    change: { readonly put?: Iterable<unknown>; readonly remove?: Iterable<unknown> },
    options: CallOptions,
  ): Promise<void> {
    const rowKey = this.keyOf(key);
    const ts = saveTimestampMicros(() => this.now());
    const evolving = this.meta.evolution !== undefined;
    const entries = evolving ? materializeChanges({ change }).change : change;
    const mutations = located(this.meta.name, field.property, () => entryMutations(field, entries, ts));
    if (mutations.length === 0) return;
    checkWriteLimits(
      this.meta.name,
      rowKey,
      mutations,
      mutations.map(() => field.property),
    );
    if (evolving) {
      await evolvingWrite(this.writeTarget(options), {
        key: rowKey,
        mutations,
        timestampMicros: ts,
        apply: (entity) => {
          const values = entity as Record<string, unknown>;
          values[field.property] = applyEntryChange(field, values[field.property], entries);
          return entity;
        },
        // An add/put creates the row like the plain write would; a remove of a missing row has nothing to do.
        onMissing: entries.put === undefined ? 'nothing' : 'create',
      });
      return;
    }
    await this.blindWrite(rowKey, mutations, options);
  }

  /**
   * Deletes the entity's row (all its cells, known or not). Deleting a missing row is not an error. With
   * `expectedVersion` (or an entity carrying its version), the delete is conditional on it.
   *
   * @example
   * ```ts
   * await devices.delete({ deviceType: 'phone', deviceId: 'x' });
   * ```
   */
  async delete(key: FullKey<E, K>, options: DeleteEntityOptions = {}): Promise<void> {
    const rowKey = this.keyOf(key);
    const expected = options.expectedVersion;
    const mutations: Mutation[] = [{ kind: 'deleteFromRow' }];
    if (expected === undefined) {
      await this.blindWrite(rowKey, mutations, options);
      return;
    }
    const version = this.meta.version;
    if (!version)
      throw new InvalidArgumentError({
        api: `Repository<${this.meta.name}>.delete`,
        argument: 'expectedVersion',
        value: expected,
        expected: `undefined: ${this.meta.name} has no version field`,
      });
    const { predicate } = versionPredicate({
      family: version.family,
      qualifier: version.qualifier,
      expected: version.codec.encode(expected),
    });
    const matched = await this.settle(
      rowKey,
      mutations,
      options,
      () =>
        checkAndMutateRow(
          this.connection,
          this.tableId,
          rowKey,
          { predicate, onMatch: mutations },
          this.writeOptions(options),
        ),
      true,
    );
    if (!matched)
      throw new OptimisticLockError({ entity: this.meta.name, key: rowKey, expectedVersion: expected });
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
  async deleteByPrefix(partialKey: NonEmptyKeyPrefix<E, K>, options?: DeleteByPrefixOptions): Promise<void>;
  async deleteByPrefix(
    partialKey: KeyPrefix<E, K>,
    options: DeleteByPrefixOptions & { readonly allowEntireEntity: true },
  ): Promise<void>;
  async deleteByPrefix(
    partialKey: KeyPrefix<E, K> | NonEmptyKeyPrefix<E, K>,
    options: DeleteByPrefixOptions = {},
  ): Promise<void> {
    const plan = guardPrefixDelete(
      this.meta,
      planPrefixDelete(this.meta, partialKey, options),
      options.alsoDelete,
    );
    // A drop is never re-sent after an unknown outcome: it would also delete rows written since.
    const write = this.writeOptions(options);
    if (plan.kind === 'table') {
      await deleteAllRows(this.connection, this.tableId, write);
      return;
    }
    for (const prefix of plan.prefixes) await dropRowsByPrefix(this.connection, this.tableId, prefix, write);
    for (const row of plan.rows) {
      await mutateRow(this.connection, this.tableId, row, [{ kind: 'deleteFromRow' }], write);
    }
  }

  /**
   * Adds `by` to a `@Counter` property (ReadModifyWriteRow; a missing counter counts from 0) and returns the new
   * value. Re-sent only when the attempt provably never reached the server: after a lost answer it is unknown
   * whether the increment applied (OutcomeUnknownError), and only the caller can decide.
   *
   * @example
   * ```ts
   * const likes = await videos.increment({ videoId: 'v1' }, 'likes', 1);
   * ```
   */
  async increment(
    key: FullKey<E, K>,
    property: keyof E & string,
    by: bigint | number = 1,
    options: CallOptions = {},
  ): Promise<bigint | number> {
    const rule = counterIncrement(this.meta, property, by);
    const row = await readModifyWriteRow(
      this.connection,
      this.tableId,
      this.keyOf(key),
      [rule],
      this.writeOptions(options),
    );
    const field = this.meta.fields.find((f) => f.property === property)!;
    const cell = row.cells.find((c) => c.family === rule.family);
    return (field as { codec: { decode(b: Uint8Array): unknown } }).codec.decode(cell!.value) as
      bigint | number;
  }

  /**
   * Feeds a value into an `@Aggregate` property with AddToCell. Inputs with the same bucket (a Date, default the
   * epoch: one all-time cell) merge on the server; different buckets are separate cells (time-bucketed
   * aggregates). Not idempotent: re-sent only when the attempt provably never reached the server
   * (OutcomeUnknownError after a lost answer).
   *
   * @example
   * ```ts
   * await videos.aggregate({ videoId: 'v1' }, 'views', 1, { bucket: startOfHour });
   * ```
   */
  async aggregate(
    key: FullKey<E, K>,
    property: keyof E & string,
    value: bigint | number,
    options: AggregateCallOptions = {},
  ): Promise<void> {
    const mutation = aggregateInput(this.meta, property, value, { bucket: options.bucket ?? new Date(0) });
    await mutateRow(this.connection, this.tableId, this.keyOf(key), [mutation], this.writeOptions(options));
  }

  /**
   * Saves many entities: each atomically, in MutateRows batches within the request limits, with bounded
   * concurrency. Versioned entities are saved one by one with their check. Only entries that provably applied
   * nothing are re-sent; entries sent without an answer are read back once. Throws PartialWriteError with one
   * outcome per entity (written / not written / unknown) unless every entity was written.
   *
   * An array is validated whole before anything is sent. An iterable or async iterable (a file reader, a cursor
   * over another store) is streamed with bounded memory: entities are read from it only as batch slots free up
   * (`batchConcurrency` × 2,000 entities at most in memory), and the first batch not wholly written — or an
   * invalid entity, whose batch is then not sent — stops the load: nothing more is read, and the error's outcomes
   * cover every entity read so far (later ones were never taken from the input). `onProgress` reports after each
   * batch.
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
    const { onProgress, ...call } = options;
    const concurrency = this.options.batchConcurrency ?? 4;
    if (!Array.isArray(entities)) {
      await writeStream({
        source: entities as Iterable<E> | AsyncIterable<E>,
        chunkSize: STREAM_CHUNK,
        concurrency,
        entity: this.meta.name,
        prepare: (entity) => this.saveItem(entity, call),
        keyOf: (entity) => encodeEntityKey(this.meta, entity),
        write: (items) => this.writeItems(items, call, 1),
        onProgress,
      });
      return;
    }
    const items = (entities as readonly E[]).map((entity) => this.saveItem(entity, call));
    await this.writeItems(items, call, concurrency, onProgress);
  }

  /** One entity of a saveMany, validated and encoded (a versioned one is written alone, with its check). */
  private saveItem(entity: E, options: CallOptions): WriteItem {
    if (typeof entity === 'object' && entity !== null && partialLoadOf(entity)) {
      throw new InvalidArgumentError({
        api: `Repository<${this.meta.name}>.saveMany`,
        argument: 'entities',
        value: entity,
        expected: 'whole entities (save a partially loaded entity with save())',
      });
    }
    const save = buildSaveMutations(this.meta, entity, this.saveOptions);
    if (save.version === undefined) {
      const entry = prepareMutateRowsEntry(save.key, save.mutations, this.meta.name);
      return { key: save.key, entry, single: undefined };
    }
    return {
      key: save.key,
      entry: undefined,
      single: async () => {
        await this.conditionalWrite(save, save.mutations, options);
        (entity as Record<string, unknown>)[this.meta.version!.property] = save.version!.next;
      },
    };
  }

  private writeItems(
    items: readonly WriteItem[],
    call: CallOptions,
    concurrency: number,
    onProgress?: (progress: WriteProgress) => void,
  ): Promise<void> {
    return writeMany({
      connection: this.connection,
      tableId: this.tableId,
      entity: this.meta.name,
      policy: this.policy,
      call,
      concurrency,
      maxRequestBytes: this.options.batchMaxBytes,
      items,
      onProgress,
    });
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
  async deleteMany(keys: readonly FullKey<E, K>[], options: CallOptions = {}): Promise<void> {
    const encoded = keys.map((k) => this.keyOf(k));
    await writeMany({
      connection: this.connection,
      tableId: this.tableId,
      entity: this.meta.name,
      policy: this.policy,
      call: options,
      concurrency: this.options.batchConcurrency ?? 4,
      maxRequestBytes: this.options.batchMaxBytes,
      items: encoded.map((key) => ({
        key,
        entry: prepareMutateRowsEntry(key, [{ kind: 'deleteFromRow' }], this.meta.name),
        single: undefined,
      })),
    });
  }
}
