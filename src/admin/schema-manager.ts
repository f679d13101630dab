import { DestructiveChangeError } from '../errors/destructive-change-error.js';
import {
  checkArray,
  checkClasses,
  checkInstance,
  checkObject,
  checkObjects,
  checkOptions,
  checkString,
} from '../errors/check-argument.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { TransportError } from '../errors/transport-error.js';
import type { EntityClass } from '../metadata/entity-metadata.js';
import { BigtableConnection } from '../transport/bigtable-connection.js';
import type {
  BoundCall,
  BoundCallOptions,
  CallTimeouts,
  PerCallOptions,
} from '../transport/call-timeouts.js';
import { DEFAULT_TIMEOUTS, bindDeadline } from '../transport/call-timeouts.js';
import type { RetryPolicy } from '../transport/retry-policy.js';
import type { AdminCallOptions } from '../transport/table-admin.js';
import {
  createTable,
  deleteTable,
  getTableSchema,
  modifyColumnFamilies,
  updateRowKeySchema,
} from '../transport/table-admin.js';
import { describeChange } from './format-plan.js';
import type { PlanOptions, SchemaChange, SchemaPlan } from './schema-plan.js';
import { planSchema } from './schema-plan.js';
import type { RowKeySchemaJson, RowKeySchemaState, TableSchema } from './table-schema.js';
import { desiredSchema, rowKeySchemaFromJson, rowKeySchemaToJson } from './table-schema.js';
import type { RowKeySchema } from '../codecs/key/row-key-schema.js';
import { CallObserver } from '../observe/call-observer.js';
import type { OperationObserver } from '../observe/observe-call.js';
import type { CallRecord } from '../observe/call-record.js';
import { observeCall } from '../observe/observe-call.js';
import { observedEndpoint } from '../transport/observed-endpoint.js';

/** The observers of the mappers' schema managers (a manager made alone observes its calls itself). */
const observers = new WeakMap<SchemaManager, OperationObserver>();

/**
 * Makes `observer` (a mapper's) observe `manager`'s calls, so that they also reach the mapper's `call` events and
 * follow its `observe` switches.
 *
 * @example
 * ```ts
 * observeSchemaCalls(new SchemaManager(connection), undefined);
 * ```
 */
export function observeSchemaCalls(manager: SchemaManager, observer: OperationObserver): void {
  observers.set(manager, observer);
}

/** The table a call is about: its one table, else none (see CallInfo). */
function tableOf(tableIds: readonly string[]): string {
  const unique = new Set(tableIds);
  return unique.size === 1 ? [...unique][0]! : '';
}

/**
 * Options of {@link SchemaManager.apply}; `signal` and `timeoutMs` bound the whole apply (default deadline: the
 * mapper's `timeouts.adminMs`).
 *
 * @example
 * ```ts
 * const options: ApplyOptions = { allowDestructive: true, timeoutMs: 30_000 };
 * ```
 */
export interface ApplyOptions extends PerCallOptions {
  /** Run destructive changes too; without it a plan holding one is refused before anything is sent. */
  readonly allowDestructive?: boolean;
  /** Called after each change has run (`done` of `total`), e.g. to show progress over many tables. */
  readonly onApplied?: (change: SchemaChange, done: number, total: number) => void;
}

/**
 * What an apply did: the changes it ran, in order.
 *
 * @example
 * ```ts
 * const { applied } = await mapper.ensureSchema([Device]);
 * ```
 */
export interface ApplyResult {
  readonly applied: readonly SchemaChange[];
}

/**
 * What `check` found: `inSync` when the live tables match the entities (no change, extra families included).
 *
 * @example
 * ```ts
 * const drift = await mapper.schema.check([Device]);
 * if (!drift.inSync) process.exitCode = 1;
 * ```
 */
export interface SchemaDrift extends SchemaPlan {
  readonly inSync: boolean;
}

const KINDS: ReadonlySet<string> = new Set<SchemaChange['kind']>([
  'createTable',
  'addFamily',
  'changeGcRule',
  'changeAggregate',
  'setRowKeySchema',
  'dropFamily',
  'dropTable',
]);

/** Whether a change loses data or cannot be undone, whatever its `safety` field says. */
function isDestructive(change: SchemaChange): boolean {
  if (change.kind === 'setRowKeySchema') return change.from !== null;
  return change.kind === 'changeAggregate' || change.kind === 'dropFamily' || change.kind === 'dropTable';
}

const ALREADY_EXISTS = 6; // gRPC status code

const EMULATOR_ROW_KEY_SCHEMA =
  "the emulator's GetTable does not return rowKeySchema, so whether one is set cannot be read";

/**
 * Plans and applies table schemas (families, GC rules, aggregate types, row-key schemas) for entity classes. Get
 * it as `mapper.schema`.
 *
 * @example
 * ```ts
 * const plan = await mapper.schema.plan([Device]);
 * console.log(formatPlan(plan));
 * await mapper.schema.apply(plan);
 * ```
 */
export class SchemaManager {
  /**
   * @param calls The retry policy and timeouts of its admin calls (a mapper passes its own); `timeouts.adminMs`
   * (default 60 s) is the deadline of each operation (`plan`, `apply`, `ensure`, ...) that gives none per call.
   */
  constructor(
    private readonly connection: BigtableConnection,
    private readonly tableIds: Readonly<Record<string, string>> = {},
    private readonly calls: {
      readonly timeouts?: CallTimeouts | undefined;
      readonly retry?: Partial<RetryPolicy> | undefined;
    } = {},
  ) {
    const api = 'SchemaManager.constructor';
    checkInstance({ api, argument: 'connection' }, connection, BigtableConnection, 'a BigtableConnection');
    checkObject({ api, argument: 'tableIds' }, tableIds, 'an object of table ids by declared table name');
  }

  private ownObserver: CallObserver | undefined;

  /**
   * Runs one public operation as one observed call (`schema.plan`, `schema.apply`, …: a span, metrics and, for a
   * mapper's manager, a `call` event); the operations it is made of are not observed again, but each admin RPC
   * counts in its record (attempts, requests) and is a child span once the call makes more than one.
   */
  private observed<T>(
    operation: string,
    tableIds: readonly string[],
    run: (record: CallRecord | undefined) => Promise<T>,
  ): Promise<T> {
    const observer = observers.has(this)
      ? observers.get(this)
      : (this.ownObserver ??= new CallObserver(observedEndpoint(this.connection)));
    return observeCall(observer, { operation, entity: undefined, table: tableOf(tableIds) }, run);
  }

  /** One deadline for a whole operation, fixed when it begins (kept when an enclosing operation fixed it). */
  private bind(call: BoundCallOptions): BoundCall {
    return bindDeadline(call, this.calls.timeouts?.adminMs ?? DEFAULT_TIMEOUTS.adminMs);
  }

  /** The options of one admin RPC of an operation bound by `call`. */
  private admin(call: BoundCall): AdminCallOptions {
    return { ...call, timeouts: this.calls.timeouts, retry: this.calls.retry };
  }

  /**
   * The live schema of a table, or `undefined` when it does not exist. On the emulator the row-key schema is
   * `unknown` (its GetTable never returns one); on an instance a table without one is `none`.
   *
   * @example
   * ```ts
   * const live = await mapper.schema.live('devices');
   * ```
   */
  async live(tableId: string, options: PerCallOptions = {}): Promise<TableSchema | undefined> {
    checkString({ api: 'SchemaManager.live', argument: 'tableId' }, tableId, 'a table id');
    return this.observed('schema.live', [tableId], (record) => this.liveOf(tableId, { ...options, record }));
  }

  private async liveOf(tableId: string, options: BoundCallOptions): Promise<TableSchema | undefined> {
    const table = await getTableSchema(this.connection, tableId, this.admin(this.bind(options)));
    if (!table) return undefined;
    let rowKeySchema: RowKeySchemaState;
    if (this.connection.endpoint.kind === 'emulator')
      rowKeySchema = { state: 'unknown', reason: EMULATOR_ROW_KEY_SCHEMA };
    else if (table.rowKeySchema === undefined)
      rowKeySchema = { state: 'none', reason: 'the table has no row-key schema' };
    else rowKeySchema = { state: 'set', schema: rowKeySchemaToJson(table.rowKeySchema as RowKeySchema) };
    return { tableId, families: table.families, rowKeySchema };
  }

  /**
   * The changes that bring the entities' tables to what the entities declare (see {@link PlanOptions} to prune).
   *
   * @example
   * ```ts
   * const plan = await mapper.schema.plan([Device], { pruneFamilies: true });
   * ```
   */
  async plan(entities: readonly EntityClass[], options: PlanOptions = {}): Promise<SchemaPlan> {
    checkClasses({ api: 'SchemaManager.plan', argument: 'entities' }, entities);
    checkOptions({ api: 'SchemaManager.plan', argument: 'options' }, options);
    const desired = desiredSchema(entities, { tableIds: this.tableIds });
    return this.observed('schema.plan', planned(desired, options), (record) =>
      this.planOf(desired, { ...options, record }),
    );
  }

  /**
   * Like {@link SchemaManager.plan}, from table schemas rather than entities: e.g. ones read from schema files, or a
   * test table declared by its families only.
   *
   * @example
   * ```ts
   * const plan = await mapper.schema.planTables([
   *   { tableId: 'devices', families: { stats: {} }, rowKeySchema: { state: 'none', reason: 'not declared' } },
   * ]);
   * ```
   */
  async planTables(desired: readonly TableSchema[], options: PlanOptions = {}): Promise<SchemaPlan> {
    checkTables('SchemaManager.planTables', desired);
    checkOptions({ api: 'SchemaManager.planTables', argument: 'options' }, options);
    return this.observed('schema.plan', planned(desired, options), (record) =>
      this.planOf(desired, { ...options, record }),
    );
  }

  private async planOf(
    desired: readonly TableSchema[],
    options: PlanOptions & BoundCallOptions,
  ): Promise<SchemaPlan> {
    const call = this.bind(options);
    const live: Record<string, TableSchema | undefined> = {};
    for (const tableId of [...desired.map((t) => t.tableId), ...(options.pruneTables ?? [])]) {
      checkString({ api: 'SchemaManager.live', argument: 'tableId' }, tableId, 'a table id');
      live[tableId] = await this.liveOf(tableId, call);
    }
    return planSchema(desired, live, options);
  }

  /**
   * Drift for CI: the plan including families no entity declares; `inSync` when it is empty.
   *
   * @example
   * ```ts
   * const drift = await mapper.schema.check([Device]);
   * ```
   */
  async check(entities: readonly EntityClass[], options: PerCallOptions = {}): Promise<SchemaDrift> {
    checkClasses({ api: 'SchemaManager.check', argument: 'entities' }, entities);
    const desired = desiredSchema(entities, { tableIds: this.tableIds });
    return this.observed('schema.check', tablesOf(desired), async (record) => {
      const plan = await this.planOf(desired, { ...this.bind({ ...options, record }), pruneFamilies: true });
      return { ...plan, inSync: plan.changes.length === 0 };
    });
  }

  /**
   * Runs a plan's changes in order. A plan with a destructive change is refused with
   * {@link DestructiveChangeError} before anything is sent, unless `allowDestructive` is set.
   *
   * @example
   * ```ts
   * await mapper.schema.apply(await mapper.schema.plan([Device]));
   * ```
   */
  async apply(plan: SchemaPlan, options: ApplyOptions = {}): Promise<ApplyResult> {
    checkObject({ api: 'SchemaManager.apply', argument: 'plan' }, plan, 'a SchemaPlan');
    checkArray({ api: 'SchemaManager.apply', argument: 'plan.changes' }, plan.changes, 'an array of changes');
    checkObjects({ api: 'SchemaManager.apply', argument: 'plan.changes' }, plan.changes, 'a SchemaChange');
    checkOptions({ api: 'SchemaManager.apply', argument: 'options' }, options);
    // Safety is derived from what each change does, not read from the plan (which may come from a file).
    for (const change of plan.changes) {
      if (!KINDS.has(change.kind))
        throw new InvalidArgumentError({
          api: 'SchemaManager.apply',
          argument: 'plan.changes[].kind',
          value: change.kind,
          expected: `one of ${[...KINDS].join(', ')}`,
        });
    }
    return this.observed(
      'schema.apply',
      plan.changes.map((c) => c.tableId),
      (record) => this.applyOf(plan, { ...options, record }),
    );
  }

  private async applyOf(plan: SchemaPlan, options: ApplyOptions & BoundCallOptions): Promise<ApplyResult> {
    const destructive = plan.changes.filter(isDestructive);
    if (destructive.length > 0 && !options.allowDestructive)
      throw new DestructiveChangeError(destructive.map(describeChange));
    const call = this.bind(options);
    const applied: SchemaChange[] = [];
    for (const change of plan.changes) {
      await this.run(change, this.admin(call));
      applied.push(change);
      options.onApplied?.(change, applied.length, plan.changes.length);
    }
    return { applied };
  }

  /**
   * Plans and applies the safe changes the entities need (create tables, add families, change GC rules, set a
   * row-key schema). A destructive change (e.g. an aggregate type that differs) is refused: use plan + apply.
   *
   * @example
   * ```ts
   * await mapper.schema.ensure([Device]);
   * ```
   */
  async ensure(entities: readonly EntityClass[], options: PerCallOptions = {}): Promise<ApplyResult> {
    checkClasses({ api: 'SchemaManager.ensure', argument: 'entities' }, entities);
    const desired = desiredSchema(entities, { tableIds: this.tableIds });
    return this.observed('schema.ensure', tablesOf(desired), (record) =>
      this.ensureOf(desired, { ...options, record }),
    );
  }

  /**
   * Like {@link SchemaManager.ensure}, from table schemas rather than entities (see {@link SchemaManager.planTables}).
   *
   * @example
   * ```ts
   * await mapper.schema.ensureTables([
   *   { tableId: 'events', families: { e: { gcRule: { maxVersions: 1 } } }, rowKeySchema: { state: 'none', reason: 'raw keys' } },
   * ]);
   * ```
   */
  async ensureTables(desired: readonly TableSchema[], options: PerCallOptions = {}): Promise<ApplyResult> {
    checkTables('SchemaManager.ensureTables', desired);
    return this.observed('schema.ensure', tablesOf(desired), (record) =>
      this.ensureOf(desired, { ...options, record }),
    );
  }

  private async ensureOf(desired: readonly TableSchema[], options: BoundCallOptions): Promise<ApplyResult> {
    const call = this.bind(options);
    try {
      return await this.applyOf(await this.planOf(desired, call), call);
    } catch (error) {
      // Another process ensuring the same schema got there first (CreateTable or a family create answered
      // ALREADY_EXISTS): plan again from what is there now, once.
      if (!(error instanceof TransportError && error.grpcCode === ALREADY_EXISTS)) throw error;
      return this.applyOf(await this.planOf(desired, call), call);
    }
  }

  private async run(change: SchemaChange, call: AdminCallOptions): Promise<void> {
    const { connection } = this;
    const schema = (json: RowKeySchemaJson): RowKeySchema => rowKeySchemaFromJson(json);
    switch (change.kind) {
      case 'createTable':
        return createTable(connection, change.tableId, change.families, call);
      case 'addFamily':
        return modifyColumnFamilies(
          connection,
          change.tableId,
          [{ family: change.family, action: 'create', spec: change.spec }],
          call,
        );
      case 'changeGcRule':
        return modifyColumnFamilies(
          connection,
          change.tableId,
          [{ family: change.family, action: 'update', spec: change.to ? { gcRule: change.to } : {} }],
          call,
        );
      case 'changeAggregate':
        // Aggregate types are immutable: drop, then create with the new type (two calls; ids cannot repeat in one).
        await modifyColumnFamilies(
          connection,
          change.tableId,
          [{ family: change.family, action: 'drop' }],
          call,
        );
        return modifyColumnFamilies(
          connection,
          change.tableId,
          [{ family: change.family, action: 'create', spec: change.to }],
          call,
        );
      case 'setRowKeySchema':
        if (change.from) await updateRowKeySchema(connection, change.tableId, null, call);
        return updateRowKeySchema(connection, change.tableId, schema(change.to), call);
      case 'dropFamily':
        return modifyColumnFamilies(
          connection,
          change.tableId,
          [{ family: change.family, action: 'drop' }],
          call,
        );
      case 'dropTable':
        return deleteTable(connection, change.tableId, call);
    }
  }
}

function tablesOf(desired: readonly TableSchema[]): string[] {
  return desired.map((t) => t.tableId);
}

/** The tables a plan reads: the desired ones and those it may prune. */
function planned(desired: readonly TableSchema[], options: PlanOptions): string[] {
  const prune = Array.isArray(options.pruneTables) ? (options.pruneTables as readonly string[]) : [];
  return [...tablesOf(desired), ...prune];
}

/** Desired tables: an array of objects, each with a table id and its families. */
function checkTables(api: string, desired: unknown): void {
  checkArray({ api, argument: 'desired' }, desired, 'an array of TableSchema');
  desired.forEach((table, i) => {
    const site = { api, argument: `desired[${i}]` };
    checkObject(site, table, 'a TableSchema');
    const { tableId, families } = table as { readonly tableId?: unknown; readonly families?: unknown };
    checkString({ ...site, argument: `${site.argument}.tableId` }, tableId, 'a table id');
    checkObject(
      { ...site, argument: `${site.argument}.families` },
      families,
      'an object of families by name',
    );
  });
}
