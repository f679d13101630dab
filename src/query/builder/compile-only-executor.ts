import type { QueryError } from '../../errors/query-error.js';

/**
 * The executor of a builder made by `Query.over`, `Lookup.over` or `CollectionQuery.over` with a clock: it gives
 * compile() and explain() their `now`, and refuses to run (the builder has no mapper behind it). One object serves
 * the entity and the collection executors.
 *
 * @example
 * ```ts
 * const executor = compileOnlyExecutor(() => 0, () => new QueryError({ entity: 'Device', problem: 'no mapper' }));
 * ```
 */
export function compileOnlyExecutor(
  now: () => number,
  refusal: () => QueryError,
): { now(): number; execute(): never; forEach(): never } {
  return {
    now,
    execute: () => {
      throw refusal();
    },
    forEach: () => {
      throw refusal();
    },
  };
}
