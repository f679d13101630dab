import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { CallRecord } from '../../observe/call-record.js';
import type { QueryPlan } from '../compiler/compile-query.js';
import type { SkippedRowReporter } from '../builder/skipped-row.js';

/**
 * One result row of an executed query: its key and, unless only counting, the hydrated entity (residual
 * conditions passed, unselected properties removed).
 *
 * @example
 * ```ts
 * const row: QueryRow = { key: Buffer.from('phone#1'), entity: device };
 * ```
 */
export interface QueryRow {
  readonly key: Uint8Array;
  readonly entity: object | undefined;
}

/**
 * How one execution of a plan runs.
 *
 * @example
 * ```ts
 * const options: QueryExecuteOptions = { hydrate: true, onDecodeError: (row) => console.warn(row.error.message) };
 * ```
 */
export interface QueryExecuteOptions {
  readonly hydrate: boolean;
  readonly signal?: AbortSignal | undefined;
  /** Overall deadline of the read in milliseconds. */
  readonly timeoutMs?: number | undefined;
  /** Skip-and-report undecodable rows; undefined: a decode error ends the read. */
  readonly onDecodeError?: SkippedRowReporter | undefined;
  /** The public operation, as spans, metrics and events name it (`find`, `count`, `get`, …). Default `find`. */
  readonly operation?: string | undefined;
  /**
   * `explain({ analyze: true })`: the read is recorded even when nobody observes it, asks Bigtable for its request
   * stats, and its record is handed here when it ends.
   */
  readonly analyze?: ((record: CallRecord) => void) | undefined;
}

/**
 * What a `Query` needs to run: a clock for the GC-hiding filters and a way to execute a plan. The repository
 * provides it (it owns the transport); the query layer never sends anything itself.
 *
 * @example
 * ```ts
 * const executor: QueryExecutor = {
 *   now: () => Date.now(),
 *   execute: (meta, plan, o) => runQueryPlan(conn, table, meta, plan, o),
 *   forEach: (meta, plan, o, onRow) => forEachQueryRow(conn, table, meta, plan, o, onRow),
 * };
 * ```
 */
export interface QueryExecutor {
  now(): number;
  /**
   * Sends the plan's request (nothing when it has none) and yields the result rows in order, with residual
   * conditions and the limit applied. `hydrate: false` yields keys only and is used for counting. With
   * `onDecodeError`, a row that cannot be decoded is reported to it and skipped (it does not count toward the
   * limit); without, its decode error ends the read.
   */
  execute(meta: EntityMetadata, plan: QueryPlan, options: QueryExecuteOptions): AsyncIterable<QueryRow>;
  /**
   * {@link QueryExecutor.execute} for a consumer that takes every row: each result row goes to `onRow` as its
   * response arrives (no asynchronous step per row); resolves when the result is complete.
   */
  forEach(
    meta: EntityMetadata,
    plan: QueryPlan,
    options: QueryExecuteOptions,
    onRow: (key: Uint8Array, entity: object | undefined) => void,
  ): Promise<void>;
}

/**
 * How a query is run, outside its semantics: the caller's AbortSignal and an overall deadline in milliseconds.
 *
 * @example
 * ```ts
 * const call: QueryCallOptions = { signal: AbortSignal.timeout(1_000) };
 * ```
 */
export interface QueryCallOptions {
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
}
