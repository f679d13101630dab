import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import { foreignRows, registeredSiblings } from '../../metadata/foreign-rows.js';
import type { PartialLoad } from '../../mapping/load-state.js';
import type { ReadRowsRequestData } from '../../model/read-rows-request.js';
import type { RowData } from '../../model/row-data.js';
import type { QueryPlan } from '../compiler/compile-query.js';
import type { QueryExecuteOptions } from './query-executor.js';
import type { SkippedRowReporter } from '../builder/skipped-row.js';
import { residualProgram } from '../nodes/residual-node.js';
import type { ResidualProgram } from '../nodes/residual-node.js';
import type { ReadRowsOptions } from '../../transport/read-rows.js';
import { readRowsResume } from '../../transport/read-rows-resume.js';
import { materializeRow, partialLoadFor } from './materialize-row.js';

/** How a plan runs on the repository: the query's options plus the repository's read policy and write-back. */
export interface PlanRunOptions extends QueryExecuteOptions {
  readonly read?: ReadRowsOptions;
  /** Receives each row read whole that was upcast from an older schema version (write-back). */
  readonly upcast?: ((meta: EntityMetadata, row: RowData) => void) | undefined;
}

/**
 * The request that reads on after a round whose server-side row limit was used up partly by skipped rows: the
 * rest of the row set after the last key read (before it when reversed), limited to as many rows as were skipped.
 */
function topUp(
  request: ReadRowsRequestData,
  lastKey: Uint8Array,
  skipped: number,
): ReadRowsRequestData | undefined {
  const { rowsLimit: _limit, ...unlimited } = request;
  const rest = readRowsResume(unlimited, { lastKey, rowsRead: 0n });
  return rest === 'done' ? undefined : { ...rest, rowsLimit: BigInt(skipped) };
}

/**
 * The per-row work of one execution of a plan, shared by every way of consuming it (a lazy iterator, `toArray`, a
 * `get`): rows of other entities skipped by key, hydration with decode reports and write-back, residual conditions,
 * projection, the limit, and the rounds that top up a server-side limit spent partly on skipped rows.
 *
 * @example
 * ```ts
 * const run = new PlanRows(meta, plan, { hydrate: true });
 * for (let request = run.firstRequest(); request; request = run.nextRequest(request))
 *   for await (const rows of readRowBatches(conn, 'devices', request, run.readOptions))
 *     for (const row of rows) if (run.take(row)) console.log(run.entity);
 * ```
 */
export class PlanRows {
  /** Options of every ReadRows of the run (the repository's policy, the caller's signal and deadline). */
  readonly readOptions: ReadRowsOptions;
  /** The entity of the row `take` last accepted; undefined when only keys are read. */
  entity: object | undefined;
  /** The plan's limit is reached: no later row belongs to the result. */
  full = false;
  private readonly program: ResidualProgram;
  private readonly partial: PartialLoad | undefined;
  private readonly report: SkippedRowReporter | undefined;
  private readonly foreign: ReturnType<typeof foreignRows> | undefined;
  private readonly hydrate: boolean;
  private readonly upcast: PlanRunOptions['upcast'];
  private returned = 0;
  // Of the current round: what the server sent, what was skipped, the last key seen.
  private received = 0n;
  private skipped = 0;
  private lastKey: Uint8Array | undefined;

  constructor(
    private readonly meta: EntityMetadata,
    private readonly plan: QueryPlan,
    options: PlanRunOptions,
  ) {
    this.readOptions =
      options.signal === undefined && options.timeoutMs === undefined
        ? (options.read ?? {})
        : {
            ...options.read,
            ...(options.signal ? { signal: options.signal } : {}),
            ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
          };
    this.program = residualProgram(plan.client);
    this.partial = partialLoadFor(meta, this.program);
    this.report = options.onDecodeError;
    this.hydrate = options.hydrate;
    this.upcast = options.upcast;
    // Rows of other entities under this one's prefix (hierarchical keys) are told apart by key and skipped.
    this.foreign = plan.request ? foreignRows(meta, registeredSiblings(meta), plan.rows.ranges) : undefined;
  }

  /** The first ReadRows to send; undefined when the plan reads nothing. */
  firstRequest(): ReadRowsRequestData | undefined {
    return this.plan.request;
  }

  /**
   * The ReadRows that reads on after `request` was read to its end; undefined when the result is complete. Only
   * a server-side limit that was reached can hide rows still to be read; without one the range is done.
   */
  nextRequest(request: ReadRowsRequestData): ReadRowsRequestData | undefined {
    const limitReached = request.rowsLimit !== undefined && this.received >= request.rowsLimit;
    const { skipped, lastKey } = this;
    this.received = 0n;
    this.skipped = 0;
    this.lastKey = undefined;
    return !this.full && limitReached && skipped > 0 && lastKey
      ? topUp(request, lastKey, skipped)
      : undefined;
  }

  /**
   * Runs a row through the plan: true when it belongs to the result (its entity is then in `entity`), false when
   * it is skipped (another entity's row, or undecodable and reported) or fails a residual condition. A decode error
   * without a reporter is thrown.
   */
  take(row: RowData): boolean {
    this.received++;
    this.lastKey = row.key;
    if (this.foreign?.isForeign(row.key)) {
      this.skipped++;
      return false;
    }
    if (!this.hydrate) {
      this.entity = undefined;
      return true;
    }
    const entity = materializeRow(this.meta, this.program, this.partial, row, this.report, this.upcast);
    if (entity === 'skipped') {
      this.skipped++;
      return false;
    }
    if (entity === 'filtered') return false;
    this.entity = entity;
    this.returned++;
    if (this.program.limit !== undefined && this.returned >= this.program.limit) this.full = true;
    return true;
  }
}
