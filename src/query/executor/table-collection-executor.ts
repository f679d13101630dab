import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import type { ReadRowsOptions } from '../../transport/read-rows.js';
import type { CompiledCollection } from '../compiler/compile-read.js';
import type { CollectionExecutor, CollectionRow } from './collection-executor.js';
import type { QueryExecuteOptions } from './query-executor.js';
import type { ReadObserver } from './observe-read.js';
import { observeRows } from './observe-read.js';
import { runCollectionPlan } from './run-collection-plan.js';

/**
 * Where and how a {@link TableCollectionExecutor} reads: the connection, the mapper's table-id overrides, the clock
 * of the GC-hiding filters and the mapper's read policy.
 *
 * @example
 * ```ts
 * const setup: TableCollectionExecutorOptions = { connection, tableIds: undefined, now: Date.now, read: {} };
 * ```
 */
export interface TableCollectionExecutorOptions {
  readonly connection: BigtableConnection;
  /** The mapper's `tableIds`: a table's id on the connection when it differs from the entity's table name. */
  readonly tableIds: Readonly<Record<string, string>> | undefined;
  readonly now: () => number;
  readonly read: ReadRowsOptions;
  /** The mapper's observer: each execution is one observed call. */
  readonly observer?: ReadObserver;
}

/**
 * Runs compiled collection reads on a connection: the {@link CollectionExecutor} the mapper hands its collections.
 *
 * @example
 * ```ts
 * const executor = new TableCollectionExecutor({ connection, tableIds: undefined, now: Date.now, read: {} });
 * for await (const row of executor.execute(plan, { hydrate: true })) console.log(row.member);
 * ```
 */
export class TableCollectionExecutor implements CollectionExecutor {
  constructor(private readonly setup: TableCollectionExecutorOptions) {}

  now(): number {
    return this.setup.now();
  }

  execute(plan: CompiledCollection, options: QueryExecuteOptions): AsyncIterable<CollectionRow> {
    const declared = plan.members[0]!.meta.table;
    const table = this.setup.tableIds?.[declared] ?? declared;
    const info = { operation: options.operation ?? 'collection', entity: undefined, table };
    return observeRows(this.setup.observer, info, options, (record) =>
      runCollectionPlan(this.setup.connection, table, plan, {
        ...options,
        read: record === undefined ? this.setup.read : { ...this.setup.read, record },
      }),
    );
  }
}
