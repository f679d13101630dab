import { checkInstance, checkObject } from '../errors/check-argument.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import { TableQueryExecutor } from '../query/index.js';
import type { QueryExecutor } from '../query/index.js';
import { BigtableConnection } from '../transport/bigtable-connection.js';
import { callOptions, resolveCallPolicy } from '../transport/call-policy.js';
import { WriteBackQueue } from '../write/evolving/write-back.js';
import { WriteTargets } from '../write/write-targets.js';
import type { EntityArguments } from './entity-arguments.js';
import { entityArguments } from './entity-arguments.js';
import type { RepositoryOptions } from './repository-options.js';
import { CallGate } from './call-gate.js';
import type { CallRows } from './call-gate.js';
import type { CallOperation } from '../mapping/intercepted-call.js';
import { rowKeyOf } from '../mapping/key-input.js';
import { runBeforeSave } from '../mapping/run-entity-hooks.js';
import { checkRepositoryOptions } from './repository-options.js';
import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { CallObserver } from '../observe/call-observer.js';
import { mapperObserver } from './mapper-observer.js';
import { routeWarnings } from './route-warnings.js';
import { fillScope } from './fill-scope.js';
import type { ScopeValues } from '../metadata/scoped-metadata.js';

/**
 * What a {@link Repository} is wired from, so that the façade itself holds only its operations: the checks of its
 * call arguments, where its writes run, and the executor of its reads (with the write-back of rows a read upcasts).
 * The constructor's own arguments are checked here, before anything is built. The gate of every call (interceptors and
 * lifecycle hooks, docs/hooks.md) is wired here too.
 *
 * @example
 * ```ts
 * const parts = repositoryParts<Device>('Repository.constructor', connection, meta, {});
 * parts.tableId(); // 'devices'
 * ```
 */
export interface RepositoryParts<E extends object> {
  /** The entity's metadata (for a scoped repository, the scoped metadata whose key codec refuses other keys). */
  readonly meta: EntityMetadata<E>;
  /** The table the entity lives in (`options.tableIds`, else the declared table). */
  tableId(): string;
  /**
   * The key or key prefix with the scope's values where it leaves them out (a scoped repository's keys may omit the
   * scope's key parts); the argument itself outside a scope. Anything not an object is returned for the checks.
   */
  inScope<T>(key: T): T;
  /** The row key of a key already checked to be an object, after {@link RepositoryParts.inScope}. */
  keyOf(key: object): Uint8Array;
  /** The checks of this entity's call arguments (before anything is sent). */
  readonly check: EntityArguments;
  /** Where this entity's writes run, one target per public call. */
  readonly writes: WriteTargets<E>;
  /**
   * Runs compiled plans of this entity on the mapper's connection, with its clock and call policy, through the gate
   * (the mapper's interceptors, the entity's after-load hooks) as `operation`.
   */
  executor(operation: CallOperation): QueryExecutor;
  /** Whether the mapper has interceptors. */
  readonly intercepts: boolean;
  /** Runs the interceptors on a call of this entity (undefined, with nothing built, when there are none). */
  admit(operation: CallOperation, rows: () => CallRows): Promise<void> | undefined;
  /** What a call writing one whole entity does before it is validated: before-save hooks, then interceptors. */
  beforeSave(operation: 'save' | 'insert', entity: E): Promise<void> | undefined;
  /** Spans, metrics and events of the repository's calls (the mapper's, shared by its repositories). */
  readonly observer: CallObserver<MappingWarning>;
}

export function repositoryParts<E extends object>(
  api: string,
  connection: BigtableConnection,
  meta: EntityMetadata<E>,
  options: RepositoryOptions,
  observer?: CallObserver<MappingWarning>,
  scope?: ScopeValues,
): RepositoryParts<E> {
  checkInstance({ api, argument: 'connection' }, connection, BigtableConnection, 'a BigtableConnection');
  checkObject({ api, argument: 'meta' }, meta, 'entity metadata (getEntityMetadata(Class))');
  checkRepositoryOptions(api, options);
  const policy = resolveCallPolicy(options);
  const tableId = (): string => options.tableIds?.[meta.table] ?? meta.table;
  const now = (): number => (options.now ?? Date.now)();
  const evolution = meta.evolution;
  // Write-back of rows reads upcast (entities with `@Evolve`, when enabled).
  // A repository made alone observes its own calls.
  const observed = observer ?? mapperObserver(connection, options);
  const writeBack =
    evolution !== undefined && (options.writeBack ?? evolution.writeBack)
      ? new WriteBackQueue(connection, tableId, policy, now, options.onWriteBack, observed)
      : undefined;
  const tuning = { ...options, onWarning: routeWarnings(options.onWarning, observed) };
  // Built on first use: one per repository, since it depends only on the policy and write-back.
  let executor: QueryExecutor | undefined;
  const base = (): QueryExecutor =>
    (executor ??= new TableQueryExecutor({
      connection,
      tableId: tableId(),
      now,
      read: callOptions(policy),
      upcast: writeBack ? writeBack.offer.bind(writeBack) : undefined,
      observer: observed,
    }));
  const gate = new CallGate(options.interceptors, observed);
  const admit = (operation: CallOperation, rows: () => CallRows): Promise<void> | undefined =>
    gate.active ? gate.admit(operation, [meta.target], tableId(), rows()) : undefined;
  const inScope = <T>(key: T): T => fillScope(key, scope);
  return {
    meta,
    tableId,
    inScope,
    keyOf: (key) => rowKeyOf(meta, inScope(key)),
    check: entityArguments(meta),
    observer: observed,
    writes: new WriteTargets({ connection, meta, tableId, now, policy, tuning, observer: observed }),
    executor: (operation) => gate.queryExecutor(base(), operation, meta, tableId()),
    intercepts: gate.active,
    admit,
    beforeSave: (operation, entity) => {
      const hooked = runBeforeSave(meta, entity, operation);
      if (!gate.active) return hooked;
      const admitted = (): Promise<void> | undefined =>
        admit(operation, () => ({ keys: [rowKeyOf(meta, entity as never)], entities: [entity] }));
      return hooked === undefined ? admitted() : hooked.then(admitted);
    },
  };
}
