import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { NotFoundError } from '../errors/not-found-error.js';
import { OptimisticLockError } from '../errors/optimistic-lock-error.js';
import { buildSaveMutations } from '../mapping/build-save-mutations.js';
import type { SaveMutations } from '../mapping/build-save-mutations.js';
import { aggregateInput, counterIncrement } from '../mapping/counter-operations.js';
import { hydrateEntity } from '../mapping/hydrate-entity.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';
import { entityReadFilter } from '../query/filters/entity-read-filter.js';
import { Query } from '../query/builder/query.js';
import { queryNode } from '../query/nodes/query-node.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { checkAndMutateRow } from '../transport/check-and-mutate-row.js';
import { deleteAllRows, dropRowsByPrefix } from '../transport/drop-row-range.js';
import { mutateRow } from '../transport/mutate-row.js';
import { readModifyWriteRow } from '../transport/read-modify-write-row.js';
import { readRows } from '../transport/read-rows.js';
import { buildUpdateMutations } from './build-update-mutations.js';
import type { EntityChanges } from './build-update-mutations.js';
import type { KeyInput } from './key-input.js';
import { leadingKeyValues, rowKeyOf } from './key-input.js';
import { prefixDrops } from './prefix-drops.js';
import { runQueryPlan } from './query-runner.js';
import type { RepositoryOptions } from './repository-options.js';
import { versionPredicate } from './version-predicate.js';
import { writeMany } from './write-many.js';

/** Options of {@link Repository.save}. */
export interface SaveEntityOptions {
  /**
   * Also delete every cell the model does not know (DeleteFromRow first, in the same atomic mutation). By default
   * cells of unknown columns and families are left alone.
   */
  readonly replaceRow?: boolean;
}

/** Options of {@link Repository.delete}. */
export interface DeleteEntityOptions {
  /** Delete only if the stored version is this one (OptimisticLockError otherwise). */
  readonly expectedVersion?: bigint | number;
}

/**
 * Reads and writes one entity class. Every write of one entity is one atomic row mutation; see docs/writes.md for
 * what is retried and what each error means.
 *
 * @example
 * ```ts
 * const devices = mapper.repository(Device);
 * await devices.save(device);
 * const again = await devices.get({ deviceType: 'phone', deviceId: '4c410523' });
 * ```
 */
export class Repository<E extends object> {
  constructor(
    private readonly connection: BigtableConnection,
    readonly meta: EntityMetadata<E>,
    private readonly options: RepositoryOptions = {},
  ) {}

  /** The table the entity lives in. */
  get tableId(): string {
    return this.options.tableIds?.[this.meta.table] ?? this.meta.table;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private get callOptions() {
    return {
      ...(this.options.retry ? { retry: { ...this.options.retry } as never } : {}),
      ...(this.options.attemptTimeoutMs === undefined
        ? {}
        : { attemptTimeoutMs: this.options.attemptTimeoutMs }),
    };
  }

  /**
   * The row key of an entity or of its key properties (KeyEncodingError for a missing or invalid part).
   *
   * @example
   * ```ts
   * devices.keyOf({ deviceType: 'phone', deviceId: 'x' }); // Uint8Array 'phone#x'
   * ```
   */
  keyOf(key: KeyInput<E>): Uint8Array {
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
  async get(key: KeyInput<E>): Promise<E | undefined> {
    const [entity] = await this.getMany([key]);
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
  async getOrThrow(key: KeyInput<E>): Promise<E> {
    const entity = await this.get(key);
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
  async getMany(keys: readonly KeyInput<E>[]): Promise<Array<E | undefined>> {
    const encoded = keys.map((k) => this.keyOf(k));
    if (encoded.length === 0) return [];
    const filter = entityReadFilter(this.meta, this.now());
    const found = new Map<string, E>();
    for await (const row of readRows(this.connection, this.tableId, {
      rows: { rowKeys: encoded, rowRanges: [] },
      ...(filter ? { filter } : {}),
    })) {
      found.set(Buffer.from(row.key).toString('latin1'), hydrateEntity(this.meta, row));
    }
    return encoded.map((k) => found.get(Buffer.from(k).toString('latin1')));
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
  find(keyPrefix: KeyInput<E> = {}): Query<E> {
    const conditions = Object.entries(keyPrefix as Record<string, unknown>)
      .filter(([, value]) => value !== undefined)
      .map(([property, value]) => ({ property, op: '=' as const, value }));
    return new Query<E>(queryNode(this.meta, { conditions }), {
      now: () => this.now(),
      execute: (meta, plan, options) =>
        runQueryPlan(this.connection, this.tableId, meta, plan, {
          ...options,
          read: this.options.retry ? { retry: { ...this.options.retry } } : {},
        }),
    });
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
   * stored version (OptimisticLockError on conflict) and the entity's version is advanced.
   *
   * @example
   * ```ts
   * await devices.save(device);
   * ```
   */
  async save(entity: E, options: SaveEntityOptions = {}): Promise<E> {
    const save = buildSaveMutations(this.meta, entity, { now: () => this.now() });
    const mutations: Mutation[] = options.replaceRow
      ? [{ kind: 'deleteFromRow' }, ...save.mutations]
      : [...save.mutations];
    if (save.version === undefined) {
      await mutateRow(this.connection, this.tableId, save.key, mutations, this.callOptions);
      return entity;
    }
    await this.conditionalWrite(save, mutations);
    (entity as Record<string, unknown>)[this.meta.version!.property] = save.version.next;
    return entity;
  }

  private async conditionalWrite(save: SaveMutations, mutations: readonly Mutation[]): Promise<void> {
    const check = save.version!;
    const { predicate, applyOn } = versionPredicate(check);
    const matched = await checkAndMutateRow(this.connection, this.tableId, save.key, {
      predicate,
      ...(applyOn === 'match' ? { onMatch: mutations } : { onNoMatch: mutations }),
    });
    if (matched !== (applyOn === 'match')) {
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
  async insert(entity: E): Promise<E> {
    const save = buildSaveMutations(this.meta, entity, { now: () => this.now() });
    const exists = await checkAndMutateRow(this.connection, this.tableId, save.key, {
      onNoMatch: save.mutations,
    });
    if (exists) throw new AlreadyExistsError({ entity: this.meta.name, key: save.key });
    if (save.version) (entity as Record<string, unknown>)[this.meta.version!.property] = save.version.next;
    return entity;
  }

  /**
   * Writes only the given properties of an existing entity, atomically: scalar columns (undefined/null deletes an
   * optional one), whole maps/sets, or entry-level `{ put, remove }` changes of a map/set. NotFoundError when the
   * row does not exist; with `expectedVersion`, OptimisticLockError when the stored version differs.
   *
   * @example
   * ```ts
   * await devices.update({ deviceId: 'x' }, { name: 'kitchen', tags: { put: new Set(['new']), remove: ['old'] } });
   * ```
   */
  async update(
    key: KeyInput<E>,
    changes: EntityChanges<E>,
    options: { readonly expectedVersion?: bigint | number } = {},
  ): Promise<void> {
    const update = buildUpdateMutations(this.meta, key, changes, {
      now: () => this.now(),
      ...(options.expectedVersion === undefined ? {} : { expectedVersion: options.expectedVersion }),
    });
    if (update.version) {
      await this.conditionalWrite(update, update.mutations);
      return;
    }
    const exists = await checkAndMutateRow(this.connection, this.tableId, update.key, {
      onMatch: update.mutations,
    });
    if (!exists) throw new NotFoundError({ entity: this.meta.name, key: update.key });
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
  async delete(key: KeyInput<E>, options: DeleteEntityOptions = {}): Promise<void> {
    const rowKey = this.keyOf(key);
    const expected = options.expectedVersion;
    if (expected === undefined) {
      await mutateRow(this.connection, this.tableId, rowKey, [{ kind: 'deleteFromRow' }], this.callOptions);
      return;
    }
    const version = this.meta.version;
    if (!version)
      throw new TypeError(`${this.meta.name} has no version field; expectedVersion cannot be used`);
    const { predicate } = versionPredicate({
      family: version.family,
      qualifier: version.qualifier,
      expected: version.codec.encode(expected),
    });
    const matched = await checkAndMutateRow(this.connection, this.tableId, rowKey, {
      predicate,
      onMatch: [{ kind: 'deleteFromRow' }],
    });
    if (!matched)
      throw new OptimisticLockError({ entity: this.meta.name, key: rowKey, expectedVersion: expected });
  }

  /**
   * Deletes every row whose key starts with the given leading key parts (DropRowRange on the exact prefix: tenant
   * `acme` never touches `acme2`). Refuses an empty prefix unless `allowEntireEntity` is set.
   *
   * @example
   * ```ts
   * await purchases.deleteByPrefix({ tenant: 'acme' });
   * ```
   */
  async deleteByPrefix(
    partialKey: KeyInput<E>,
    options: { readonly allowEntireEntity?: boolean } = {},
  ): Promise<void> {
    const leading = leadingKeyValues(this.meta, partialKey);
    if (Object.keys(leading).length === 0 && !options.allowEntireEntity) {
      throw new TypeError(
        `${this.meta.name}.deleteByPrefix needs at least the first key part (${this.meta.key.parts[0]?.property}); ` +
          'pass { allowEntireEntity: true } to drop every row of the entity',
      );
    }
    for (const range of this.meta.key.codec.ranges(leading)) {
      if (range.start === undefined && range.end === undefined) {
        // No literal prefix and no key part: the entity owns the whole table (the metadata forbids siblings).
        await deleteAllRows(this.connection, this.tableId);
        continue;
      }
      const drops = prefixDrops(range);
      for (const prefix of drops.prefixes) await dropRowsByPrefix(this.connection, this.tableId, prefix);
      for (const row of drops.rows) {
        await mutateRow(this.connection, this.tableId, row, [{ kind: 'deleteFromRow' }], this.callOptions);
      }
    }
  }

  /**
   * Adds `by` to a `@Counter` property (ReadModifyWriteRow; a missing counter counts from 0) and returns the new
   * value. Never retried automatically: a lost response leaves it unknown whether it applied.
   *
   * @example
   * ```ts
   * const likes = await videos.increment({ videoId: 'v1' }, 'likes', 1);
   * ```
   */
  async increment(
    key: KeyInput<E>,
    property: keyof E & string,
    by: bigint | number = 1,
  ): Promise<bigint | number> {
    const rule = counterIncrement(this.meta, property, by);
    const row = await readModifyWriteRow(this.connection, this.tableId, this.keyOf(key), [rule]);
    const field = this.meta.fields.find((f) => f.property === property)!;
    const cell = row.cells.find((c) => c.family === rule.family);
    return (field as { codec: { decode(b: Uint8Array): unknown } }).codec.decode(cell!.value) as
      bigint | number;
  }

  /**
   * Feeds a value into an `@Aggregate` property with AddToCell. Inputs with the same bucket (a Date, default the
   * epoch: one all-time cell) merge on the server; different buckets are separate cells (time-bucketed
   * aggregates). Not idempotent, never retried automatically.
   *
   * @example
   * ```ts
   * await videos.aggregate({ videoId: 'v1' }, 'views', 1, { bucket: startOfHour });
   * ```
   */
  async aggregate(
    key: KeyInput<E>,
    property: keyof E & string,
    value: bigint | number,
    options: { readonly bucket?: Date } = {},
  ): Promise<void> {
    const mutation = aggregateInput(this.meta, property, value, { bucket: options.bucket ?? new Date(0) });
    await mutateRow(this.connection, this.tableId, this.keyOf(key), [mutation], this.callOptions);
  }

  /**
   * Saves many entities: each atomically, in MutateRows batches within the request limits, with bounded
   * concurrency; only idempotent entries are retried. Versioned entities are saved one by one with their check.
   * The whole input is validated before anything is sent. Throws PartialWriteError listing exactly the entities
   * that were not written; every other entity was.
   *
   * @example
   * ```ts
   * await devices.saveMany([phone, tablet]);
   * ```
   */
  async saveMany(entities: readonly E[]): Promise<void> {
    const saves = entities.map((e) => buildSaveMutations(this.meta, e, { now: () => this.now() }));
    await writeMany({
      connection: this.connection,
      tableId: this.tableId,
      entity: this.meta.name,
      options: this.options,
      items: saves.map((save, index) => ({
        key: save.key,
        mutations: save.mutations,
        single:
          save.version === undefined
            ? undefined
            : async () => {
                await this.conditionalWrite(save, save.mutations);
                (entities[index] as Record<string, unknown>)[this.meta.version!.property] =
                  save.version!.next;
              },
      })),
    });
  }

  /**
   * Deletes many rows in MutateRows batches (idempotent, retried). PartialWriteError lists the ones not deleted.
   *
   * @example
   * ```ts
   * await devices.deleteMany([{ deviceId: 'a' }, { deviceId: 'b' }]);
   * ```
   */
  async deleteMany(keys: readonly KeyInput<E>[]): Promise<void> {
    const encoded = keys.map((k) => this.keyOf(k));
    await writeMany({
      connection: this.connection,
      tableId: this.tableId,
      entity: this.meta.name,
      options: this.options,
      items: encoded.map((key) => ({ key, mutations: [{ kind: 'deleteFromRow' }], single: undefined })),
    });
  }
}
