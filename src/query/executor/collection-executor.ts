import type { CompiledCollection } from '../compiler/compile-read.js';
import type { QueryExecuteOptions } from './query-executor.js';

/**
 * One result row of a collection read: its key, the member it was routed to and the entity (undefined when only
 * keys were read, for counting).
 *
 * @example
 * ```ts
 * for await (const row of executor.execute(plan, { hydrate: true })) console.log(row.member);
 * ```
 */
export interface CollectionRow {
  readonly key: Uint8Array;
  readonly member: string;
  readonly entity: object | undefined;
}

/**
 * Runs compiled collection reads (the repository layer implements it on a connection).
 *
 * @example
 * ```ts
 * const executor: CollectionExecutor = { now: Date.now, execute: (plan, options) => run(plan, options) };
 * ```
 */
export interface CollectionExecutor {
  now(): number;
  /**
   * Sends the plan's requests and yields the rows in key order (descending when reversed), each routed to its
   * member, with per-member residual conditions, projections and limits and the total limit applied.
   */
  execute(plan: CompiledCollection, options: QueryExecuteOptions): AsyncIterable<CollectionRow>;
}
