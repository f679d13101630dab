import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { RowData } from '../../model/row-data.js';
import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import type { ReadRowsOptions } from '../../transport/read-rows.js';
import type { CallInfo, CallRecord } from '../../observe/call-record.js';
import type { QueryPlan } from '../compiler/compile-query.js';
import type { ReadObserver } from './observe-read.js';
import { observeEach, observeRows } from './observe-read.js';
import type { PlanRunOptions } from './plan-rows.js';
import type { QueryExecuteOptions, QueryExecutor, QueryRow } from './query-executor.js';
import { forEachQueryRow, runQueryPlan } from './run-query-plan.js';

/**
 * Where and how a {@link TableQueryExecutor} reads: the connection and table, the clock of the GC-hiding filters,
 * the mapper's read policy and, for an evolving entity, the write-back that receives each upcast row.
 *
 * @example
 * ```ts
 * const setup: TableQueryExecutorOptions = { connection, tableId: 'devices', now: Date.now, read: {} };
 * ```
 */
export interface TableQueryExecutorOptions {
  readonly connection: BigtableConnection;
  readonly tableId: string;
  readonly now: () => number;
  readonly read: ReadRowsOptions;
  readonly upcast?: ((meta: EntityMetadata, row: RowData) => void) | undefined;
  /** The mapper's observer: each execution is one observed call. */
  readonly observer?: ReadObserver;
}

/**
 * Runs compiled plans of one table on a connection: the {@link QueryExecutor} a repository hands its queries and
 * lookups.
 *
 * @example
 * ```ts
 * const executor = new TableQueryExecutor({ connection, tableId: 'devices', now: Date.now, read: {} });
 * for await (const row of executor.execute(meta, plan, { hydrate: true })) console.log(row.entity);
 * ```
 */
export class TableQueryExecutor implements QueryExecutor {
  constructor(private readonly setup: TableQueryExecutorOptions) {}

  now(): number {
    return this.setup.now();
  }

  execute(meta: EntityMetadata, plan: QueryPlan, options: QueryExecuteOptions): AsyncIterable<QueryRow> {
    return observeRows(this.setup.observer, this.info(meta, options), options, (record) =>
      runQueryPlan(this.setup.connection, this.setup.tableId, meta, plan, this.run(options, record)),
    );
  }

  forEach(
    meta: EntityMetadata,
    plan: QueryPlan,
    options: QueryExecuteOptions,
    onRow: (key: Uint8Array, entity: object | undefined) => void,
  ): Promise<void> {
    return observeEach(
      this.setup.observer,
      this.info(meta, options),
      options,
      (record, each: (key: Uint8Array, entity: object | undefined) => void) =>
        forEachQueryRow(
          this.setup.connection,
          this.setup.tableId,
          meta,
          plan,
          this.run(options, record),
          each,
        ),
      onRow,
    );
  }

  private info(meta: EntityMetadata, options: QueryExecuteOptions): CallInfo {
    return { operation: options.operation ?? 'find', entity: meta.name, table: this.setup.tableId };
  }

  private run(options: QueryExecuteOptions, record: CallRecord | undefined): PlanRunOptions {
    // Object.assign, not a spread with more properties: on Node 20 that literal takes a slow path (about 1 µs
    // here, per read; see summaryOf in call-observer.ts).
    const read = record === undefined ? this.setup.read : Object.assign({}, this.setup.read, { record });
    return Object.assign({}, options, { read, upcast: this.setup.upcast });
  }
}
