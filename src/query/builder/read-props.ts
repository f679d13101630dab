import type { QueryCallOptions } from '../executor/query-executor.js';
import type { SkippedRowReporter } from './skipped-row.js';

/**
 * Everything a read builder carries from step to step, in one frozen object: every step of `Query`,
 * `CollectionQuery` and `Lookup` copies it whole with one change, so no step can drop the signal, the deadline or
 * the decode policy set before it.
 *
 * @example
 * ```ts
 * const props: ReadProps<string, number> = readProps<string, number>('tree', undefined);
 * ```
 */
export interface ReadProps<N, X> {
  /** The frozen read tree. */
  readonly node: N;
  /** Runs the compiled read; undefined for a builder made to compile or explain only. */
  readonly executor: X | undefined;
  /** Signal and deadline of the run; not part of the tree (compile() and cursors ignore them). */
  readonly call: QueryCallOptions;
  /**
   * Where undecodable rows are reported and skipped; undefined = a decode error ends the read. Kept out of the
   * tree: it changes what the client does with rows, not which rows are read, so compile() and cursors ignore it.
   */
  readonly skipReporter: SkippedRowReporter | undefined;
}

/**
 * A frozen {@link ReadProps}.
 *
 * @example
 * ```ts
 * const props = readProps('tree', undefined, { timeoutMs: 5_000 });
 * ```
 */
export function readProps<N, X>(
  node: N,
  executor: X | undefined,
  call: QueryCallOptions = {},
  skipReporter: SkippedRowReporter | undefined = undefined,
): ReadProps<N, X> {
  return Object.freeze({ node, executor, call, skipReporter });
}

/**
 * The clock a read compiles with: its executor's (the mapper's `now`, or the one given to `over()`), else the
 * system clock.
 *
 * @example
 * ```ts
 * const nowMillis = readNow(readProps('tree', { now: () => 0 })); // 0
 * ```
 */
export function readNow(props: ReadProps<unknown, { now(): number }>): number {
  return props.executor ? props.executor.now() : Date.now();
}
