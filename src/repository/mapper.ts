import { getEntityMetadata } from '../metadata/entity-registry.js';
import { checkClasses, checkInstance, checkObject } from '../errors/check-argument.js';
import type { EntityClass, EntityMetadata } from '../metadata/entity-metadata.js';
import { familySpecsOf } from '../metadata/family-specs.js';
import { BigtableConnection } from '../transport/bigtable-connection.js';
import type { ConnectionOptions } from '../transport/connection-options.js';
import { createTable } from '../transport/table-admin.js';
import { callOptions, resolveCallPolicy } from '../transport/call-policy.js';
import { Collection } from './collection.js';
import type { CollectionMembers } from './shared-key.js';
import type { KeyPartsOf } from '../mapping/key-input.js';
import { Repository } from './repository.js';
import { Scope } from './scope.js';
import type { ScopeValues } from '../metadata/scoped-metadata.js';
import type { CallOptions, RepositoryOptions } from './repository-options.js';
import { checkRepositoryOptions } from './repository-options.js';
import { bindDeadline } from '../transport/call-timeouts.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { ApplyResult } from '../admin/schema-manager.js';
import { SchemaManager, observeSchemaCalls } from '../admin/schema-manager.js';
import { observeCall } from '../observe/observe-call.js';
import { createBackfill } from '../backfill/create-backfill.js';
import type { Backfill, BackfillOptions } from '../backfill/backfill-types.js';
import { CollectionQuery, TableCollectionExecutor, leadingRunsNodeOf } from '../query/index.js';
import type { CollectionExecutor } from '../query/index.js';
import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { CallObserver } from '../observe/call-observer.js';
import type { MapperEvents } from './mapper-events.js';
import { mapperObserver } from './mapper-observer.js';
import { CallGate } from './call-gate.js';

/** The one table several entities share; refused before anything is sent when they live in more than one. */
function sharedTable(api: string, metas: readonly EntityMetadata[]): string {
  const tables = [...new Set(metas.map((m) => m.table))];
  if (tables.length !== 1)
    throw new InvalidArgumentError({
      api,
      argument: 'entities',
      value: metas.map((m) => `${m.name} (table ${m.table})`),
      expected: 'entities of one table',
    });
  return tables[0]!;
}

/**
 * The entry point: one connection to an instance and a repository per entity class.
 *
 * @example
 * ```ts
 * const mapper = Mapper.connect({ projectId: 'my-project', instanceId: 'my-instance' });
 * const devices = mapper.repository(Device);
 * await devices.save(device);
 * await mapper.close();
 * ```
 */
export class Mapper {
  private readonly repositories = new Map<EntityClass, Repository<object>>();

  /**
   * Schema tooling for the mapper's tables (with its `tableIds`): `plan`, `apply`, `check`, `ensure`
   * (docs/schema.md).
   *
   * @example
   * ```ts
   * const plan = await mapper.schema.plan([Device]);
   * await mapper.schema.apply(plan);
   * ```
   */
  readonly schema: SchemaManager;

  /**
   * The mapper's events: `call` (a summary after every public call: operation, entity, duration, rows, attempts,
   * outcome, error), `retry` (before each retried RPC) and `warning` (large cells and rows before a write is sent,
   * inefficient scans after a read). A listener that throws never fails the call (docs/observability.md).
   *
   * @example
   * ```ts
   * const off = mapper.events.on('call', (s) => console.log(s.operation, s.entity, s.durationMs, s.outcome));
   * off();
   * ```
   */
  readonly events: MapperEvents;
  private readonly observer: CallObserver<MappingWarning>;
  /** The interceptors and after-load hooks of collection reads (each repository has its own gate). */
  private readonly gate: CallGate;

  constructor(
    readonly connection: BigtableConnection,
    private readonly options: RepositoryOptions = {},
  ) {
    checkInstance(
      { api: 'Mapper.constructor', argument: 'connection' },
      connection,
      BigtableConnection,
      'a BigtableConnection',
    );
    checkRepositoryOptions('Mapper.constructor', options);
    // Checked here, once: a bad retry policy or timeout fails when the mapper is made, not on a failed write.
    const policy = resolveCallPolicy(options);
    this.schema = new SchemaManager(connection, options.tableIds, policy);
    this.observer = mapperObserver(connection, options);
    this.events = this.observer.events;
    this.gate = new CallGate(options.interceptors, this.observer);
    observeSchemaCalls(this.schema, this.observer);
  }

  /**
   * Connects to a real instance or the emulator (see {@link ConnectionOptions}).
   *
   * @example
   * ```ts
   * const mapper = Mapper.connect({ projectId: 'p', instanceId: 'i', emulatorHost: 'localhost:8086' });
   * ```
   */
  static connect(connection: ConnectionOptions, options: RepositoryOptions = {}): Mapper {
    checkRepositoryOptions('Mapper.connect', options);
    return new Mapper(BigtableConnection.connect(connection), options);
  }

  /**
   * The repository of an entity class (its metadata is resolved and validated here, once). Keys are typed from the
   * key parts the class declares to TypeScript (`defineEntity` does it from its `key` tuple; a decorated class with
   * `declare static readonly keyParts: readonly [...]`); without a declaration they are checked at run time only.
   *
   * @example
   * ```ts
   * const videos = mapper.repository(Video);
   * ```
   */
  repository<C extends EntityClass>(entity: C): Repository<InstanceType<C>, KeyPartsOf<C>> {
    let repository = this.repositories.get(entity);
    if (!repository) {
      repository = new Repository(
        this.connection,
        getEntityMetadata(entity),
        this.options,
        this.observer,
      ) as unknown as Repository<object>;
      this.repositories.set(entity, repository);
    }
    return repository as unknown as Repository<InstanceType<C>, KeyPartsOf<C>>;
  }

  /**
   * Repositories and collections bound to leading key values, e.g. one tenant's: every key, query, collection,
   * prefix delete and cursor of them stays under those values, and one outside is refused before anything is sent
   * (docs/single-table.md#tenant-scopes). Keys of its repositories may leave the scope's key parts out.
   *
   * @example
   * ```ts
   * const phones = mapper.scope({ deviceType: 'phone' }).repository(Device);
   * await phones.deleteByPrefix({ deviceType: 'phone' });
   * await phones.get({ deviceId: 'x' }); // the scope's deviceType filled in
   * ```
   */
  scope<V extends ScopeValues>(values: V): Scope<keyof V & string> {
    checkObject({ api: 'Mapper.scope', argument: 'values' }, values, 'an object of leading key values');
    return new Scope(Object.freeze({ ...values }), {
      repository: (meta, scoped) =>
        new Repository(this.connection, meta, this.options, this.observer, scoped),
      collection: (metas, scoped) => {
        sharedTable('Scope.collection', Object.values(metas));
        return new Collection(metas, this.collectionExecutor(), scoped);
      },
    });
  }

  /**
   * Creates the table of the given entities (which must share it) with every family they declare, GC rules and
   * aggregate types included. Fails on an existing table: {@link Mapper.ensureSchema} is the re-runnable way.
   * Bounded by `timeouts.adminMs` (default 60 s) or a trailing `{ signal, timeoutMs }`; ends with
   * ConnectionClosedError on `close()`.
   *
   * @example
   * ```ts
   * await mapper.createTable(Video, Comment);
   * await mapper.createTable(Device, { timeoutMs: 10_000 });
   * ```
   */
  async createTable(...entities: EntityClass[]): Promise<void>;
  /**
   * {@link Mapper.createTable} with this call's `signal` and `timeoutMs` (instead of `timeouts.adminMs`) last.
   *
   * @example
   * ```ts
   * await mapper.createTable(Video, Comment, { timeoutMs: 10_000 });
   * ```
   */
  async createTable(...args: [...entities: EntityClass[], options: CallOptions]): Promise<void>;
  async createTable(...args: Array<EntityClass | CallOptions>): Promise<void> {
    const last = args[args.length - 1];
    // Entity classes are functions: a trailing plain object is the call's options.
    const options = typeof last === 'object' && last !== null ? (last as CallOptions) : {};
    const entities = (options === last ? args.slice(0, -1) : args) as EntityClass[];
    checkClasses({ api: 'Mapper.createTable', argument: 'entities' }, entities);
    const metas = entities.map((e) => getEntityMetadata(e));
    const table = sharedTable('Mapper.createTable', metas);
    const policy = resolveCallPolicy(this.options);
    const tableId = this.options.tableIds?.[table] ?? table;
    await observeCall(
      this.observer,
      { operation: 'createTable', entity: undefined, table: tableId },
      (record) =>
        createTable(this.connection, tableId, familySpecsOf(...metas), {
          ...bindDeadline({ ...options, record }, policy.timeouts.adminMs),
          timeouts: policy.timeouts,
          retry: policy.retry,
        }),
    );
  }

  /**
   * Creates what the entities' tables lack, safely and idempotently: missing tables, missing families, GC rules
   * that differ, a row-key schema the entities share. A second run changes nothing. Refuses (before sending
   * anything) when the tables need a destructive change, e.g. a family whose aggregate type differs; use
   * `mapper.schema.plan` and `apply` with `allowDestructive` for those. The whole run is bounded by
   * `timeouts.adminMs` (default 60 s) or the call's `timeoutMs`/`signal` (DeadlineExceededError, AbortedError), and
   * ends with ConnectionClosedError on `close()`.
   *
   * @example
   * ```ts
   * await mapper.ensureSchema([Video, Comment]);
   * await mapper.ensureSchema([Video], { timeoutMs: 30_000 });
   * ```
   */
  async ensureSchema(entities: readonly EntityClass[], options: CallOptions = {}): Promise<ApplyResult> {
    checkClasses({ api: 'Mapper.ensureSchema', argument: 'entities' }, entities);
    return this.schema.ensure(entities, options);
  }

  /**
   * A collection: several entity classes of one table that share leading key parts (a parent and its children,
   * an invoice and its payments), read together in one ReadRows in key order, each row routed to its class by its
   * key and the results grouped per member name. The shared key is typed from the classes' declared key parts.
   * Refused (QueryError, before anything is sent) when the classes live in different tables or the shared key is
   * not a leading run of every member's key.
   *
   * @example
   * ```ts
   * const { video, comments } = await mapper
   *   .collection({ video: Video, comments: Comment })
   *   .key({ videoId: 'v1' })
   *   .limit('comments', 10)
   *   .fetch();
   * ```
   */
  collection<M extends CollectionMembers>(members: M): Collection<M> {
    checkObject(
      { api: 'Mapper.collection', argument: 'members' },
      members,
      'an object of entity classes by name',
    );
    const metas: Record<string, EntityMetadata> = {};
    for (const [name, entity] of Object.entries(members)) metas[name] = getEntityMetadata(entity);
    sharedTable('Mapper.collection', Object.values(metas));
    return new Collection<M>(metas, this.collectionExecutor());
  }

  private collectionExecutor(): CollectionExecutor {
    const { tableIds } = this.options;
    const executor = new TableCollectionExecutor({
      connection: this.connection,
      tableIds,
      now: () => (this.options.now ?? Date.now)(),
      read: callOptions(resolveCallPolicy(this.options)),
      observer: this.observer,
    });
    return this.gate.collectionExecutor(executor, (table) => tableIds?.[table] ?? table);
  }

  /**
   * Reads entities of several classes sharing a table (single-table design) in one ReadRows: every row whose key
   * starts with the shared key values, each hydrated as its own class, in key order. Classes must live in the same
   * table; each class is narrowed by the leading run of its own key parts that `sharedKey` gives, and every class
   * needs at least its first one. The array form of {@link Mapper.collection}, kept for
   * compatibility; the collection adds `where`, `select`, limits, cursors, `explain()` and typed keys.
   *
   * @example
   * ```ts
   * const rows = await mapper.query([Invoice, Payment], { invoiceId: 'i1' });
   * const payments = rows.filter((r): r is Payment => r instanceof Payment);
   * ```
   */
  async query<C extends EntityClass[]>(
    entities: C,
    sharedKey: Readonly<Record<string, unknown>>,
  ): Promise<Array<InstanceType<C[number]>>> {
    checkClasses({ api: 'Mapper.query', argument: 'entities' }, entities);
    checkObject({ api: 'Mapper.query', argument: 'sharedKey' }, sharedKey, 'an object of shared key parts');
    const metas = entities.map((e) => getEntityMetadata(e));
    sharedTable('Mapper.query', metas);
    const members: Record<string, EntityMetadata> = {};
    metas.forEach((meta, i) => (members[`${i}:${meta.name}`] = meta));
    const query = new CollectionQuery<Record<string, object>>(
      leadingRunsNodeOf(members, sharedKey),
      this.collectionExecutor(),
    );
    const out: Array<InstanceType<C[number]>> = [];
    for await (const item of query) out.push(item.entity as InstanceType<C[number]>);
    return out;
  }

  /**
   * A backfill of an evolving entity: the documented shortcut for `backfill(mapper, entity, options)` of
   * 'bigtable-mapper/backfill' (docs/evolution.md), which rewrites every row below the entity's current schema
   * version at that version, in shards several processes can share, resuming from checkpoints. Nothing is sent until
   * `plan()`, `run()` or `status()`.
   *
   * @example
   * ```ts
   * const backfill = mapper.backfill(Device, { id: 'users-to-v3', shards: 4, rowsPerSecond: 500 });
   * const report = await backfill.run();
   * console.log(report.migrated, report.failures.length);
   * ```
   */
  backfill<C extends EntityClass>(
    entity: C,
    options: BackfillOptions<InstanceType<C>> = {},
  ): Backfill<InstanceType<C>> {
    return createBackfill(this.connection, this.options, this.schema, entity, options);
  }

  /**
   * The options the mapper was made with, for the tools that take a mapper (`backfill(mapper, ...)`).
   *
   * @internal
   */
  get repositoryOptions(): RepositoryOptions {
    return this.options;
  }

  /** Closes the connection so the process can exit. */
  async close(): Promise<void> {
    await this.connection.close();
  }
}
