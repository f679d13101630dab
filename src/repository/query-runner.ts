import { KeyEncodingError } from '../errors/key-encoding-error.js';
import { ValueEncodingError } from '../errors/value-encoding-error.js';
import { SchemaVersionError } from '../errors/schema-version-error.js';
import { UpcastError } from '../errors/upcast-error.js';
import { hydrateEntity } from '../mapping/hydrate-entity.js';
import { upcastRow } from '../mapping/upcast-row.js';
import { markPartialLoad } from '../mapping/load-state.js';
import type { PartialLoad } from '../mapping/load-state.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import { foreignRows, registeredSiblings } from '../metadata/foreign-rows.js';
import type { ReadRowsRequestData } from '../model/read-rows-request.js';
import type { QueryPlan } from '../query/compiler/compile-query.js';
import { residualProgram } from '../query/nodes/residual-node.js';
import type { ResidualProgram } from '../query/nodes/residual-node.js';
import type { SkippedRowReporter } from '../query/builder/skipped-row.js';
import type { RowData } from '../model/row-data.js';
import type { QueryExecuteOptions, QueryRow } from '../query/builder/query-executor.js';
import { matchesResidual } from '../query/planner/residual-condition.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { readRowBatches } from '../transport/read-rows.js';
import type { ReadRowsOptions } from '../transport/read-rows.js';
import { readRowsResume } from '../transport/read-rows-resume.js';

/**
 * Removes the properties a `select()` did not ask for, so a partial row never shows invented values (an empty
 * Map, a zero counter) for data that was not read.
 */
function keepOnly(meta: EntityMetadata, entity: object, keep: readonly string[]): void {
  const wanted = new Set(keep);
  for (const field of meta.fields) {
    if (!wanted.has(field.property)) delete (entity as Record<string, unknown>)[field.property];
  }
}

/** Hydration only decodes (and upcasts), so these are exactly "the row cannot be read as the entity". */
function isDecodeError(
  error: unknown,
): error is ValueEncodingError | KeyEncodingError | SchemaVersionError | UpcastError {
  return (
    error instanceof ValueEncodingError ||
    error instanceof KeyEncodingError ||
    error instanceof SchemaVersionError ||
    error instanceof UpcastError
  );
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
 * What a read leaves out of each entity (unselected properties, windowed maps/sets), so that saving one never
 * erases what it did not load; undefined for a whole-entity read.
 *
 * @example
 * ```ts
 * const partial = partialLoadFor(meta, residualProgram(plan.client));
 * ```
 */
export function partialLoadFor(meta: EntityMetadata, program: ResidualProgram): PartialLoad | undefined {
  const { keep, windowed } = program;
  return keep === undefined && windowed.length === 0
    ? undefined
    : {
        unloaded: new Set(
          keep === undefined ? [] : meta.fields.map((f) => f.property).filter((p) => !keep.includes(p)),
        ),
        windowed: new Set(windowed),
      };
}

/**
 * One row as the plan's result: the hydrated entity with the residual conditions checked and the projection
 * applied; 'skipped' when it does not decode and `report` takes it (reported here), 'filtered' when a residual
 * condition fails. Without `report` a decode error is thrown.
 *
 * @example
 * ```ts
 * const program = residualProgram(plan.client);
 * const entity = materializeRow(meta, program, partialLoadFor(meta, program), row, undefined);
 * ```
 */
export function materializeRow(
  meta: EntityMetadata,
  program: ResidualProgram,
  partial: PartialLoad | undefined,
  row: RowData,
  report: SkippedRowReporter | undefined,
): Record<string, unknown> | 'skipped' | 'filtered' {
  let entity: Record<string, unknown>;
  try {
    // Only key parts selected: the cells are value-stripped, so there is nothing to upcast (or to decode).
    const upcast = meta.evolution !== undefined && program.keep?.length !== 0;
    entity = (upcast ? upcastRow(meta, row).entity : hydrateEntity(meta, row)) as Record<string, unknown>;
  } catch (error) {
    if (!report || !isDecodeError(error)) throw error;
    report(Object.freeze({ entity: meta.name, key: row.key, error }));
    return 'skipped';
  }
  if (!program.conditions.every((r) => matchesResidual(r, entity[r.property]))) return 'filtered';
  if (program.keep) keepOnly(meta, entity, program.keep);
  if (partial) markPartialLoad(entity, partial);
  return entity;
}

/**
 * Runs a compiled query: sends its request with `readRows` (nothing when the plan has no request), hydrates each
 * row, applies the client-side conditions, projection and limit, and yields rows in the order Bigtable returned
 * them. Breaking out of the iteration cancels the RPC.
 *
 * Rows of other entities that lie in the read's ranges (a video's comments under `video#<id>`) are skipped by key
 * ({@link foreignRows}) and, like skipped rows below, do not count toward the limit.
 *
 * A row that cannot be decoded ends the read with its `ValueEncodingError`/`KeyEncodingError`, unless
 * `onDecodeError` is given: then the row is reported to it and skipped. A skipped row does not count toward the
 * limit: when the server's row limit was partly spent on skipped rows, one more ReadRows reads on after the last
 * row for as many rows as were skipped (and so on), so `limit(n)` still yields n entities when n good rows exist.
 *
 * @example
 * ```ts
 * for await (const { entity } of runQueryPlan(conn, 'devices', meta, plan, { hydrate: true })) console.log(entity);
 * ```
 */
export async function* runQueryPlan(
  connection: BigtableConnection,
  tableId: string,
  meta: EntityMetadata,
  plan: QueryPlan,
  options: QueryExecuteOptions & { readonly read?: ReadRowsOptions },
): AsyncGenerator<QueryRow> {
  let request = plan.request;
  let returned = 0;
  const readOptions: ReadRowsOptions = {
    ...options.read,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
  const program = residualProgram(plan.client);
  const partial = partialLoadFor(meta, program);
  const report = options.onDecodeError;
  // Rows of other entities under this one's prefix (hierarchical keys) are told apart by key and skipped.
  const foreign = plan.request ? foreignRows(meta, registeredSiblings(meta), plan.rows.ranges) : undefined;
  while (request) {
    let received = 0n;
    let skipped = 0;
    let lastKey: Uint8Array | undefined;
    // Rows come a response at a time: one asynchronous step per batch, not per row, below the caller's loop.
    for await (const rows of readRowBatches(connection, tableId, request, readOptions)) {
      for (const row of rows) {
        // Stopped in the middle of a batch: asking for the next one raises the read's typed error.
        if (readOptions.signal?.aborted) break;
        received++;
        lastKey = row.key;
        if (foreign?.isForeign(row.key)) {
          skipped++;
          continue;
        }
        if (!options.hydrate) {
          yield { key: row.key, entity: undefined };
          continue;
        }
        const entity = materializeRow(meta, program, partial, row, report);
        if (entity === 'skipped') {
          skipped++;
          continue;
        }
        if (entity === 'filtered') continue;
        yield { key: row.key, entity };
        returned++;
        if (program.limit !== undefined && returned >= program.limit) return;
      }
    }
    // Only a server-side limit that was reached can hide rows still to be read; without one the range is done.
    const limitReached = request.rowsLimit !== undefined && received >= request.rowsLimit;
    request = limitReached && skipped > 0 && lastKey ? topUp(request, lastKey, skipped) : undefined;
  }
}
