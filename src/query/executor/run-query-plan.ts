import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { QueryPlan } from '../compiler/compile-query.js';
import type { QueryRow } from './query-executor.js';
import type { ReadRowsRequestData } from '../../model/read-rows-request.js';
import type { RowData } from '../../model/row-data.js';
import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import { forEachRowBatch, readRowBatches } from '../../transport/read-rows.js';
import { PlanRows } from './plan-rows.js';
import type { PlanRunOptions } from './plan-rows.js';

/**
 * Runs a compiled query: sends its request with `readRows` (nothing when the plan has no request), hydrates each
 * row, applies the client-side conditions, projection and limit, and yields rows in the order Bigtable returned
 * them. Breaking out of the iteration cancels the RPC. Each row is hydrated only when the iteration reaches it, so
 * a consumer that stops early neither hydrates, reports nor writes back the rows after its stop.
 *
 * Rows of other entities that lie in the read's ranges (a video's comments under `video#<id>`) are skipped by key
 * and, like skipped rows below, do not count toward the limit.
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
  options: PlanRunOptions,
): AsyncGenerator<QueryRow> {
  const run = new PlanRows(meta, plan, options);
  const signal = run.readOptions.signal;
  for (let request = run.firstRequest(); request; request = run.nextRequest(request)) {
    // Rows come a response at a time: one asynchronous step per batch, not per row, below the caller's loop.
    for await (const rows of readRowBatches(connection, tableId, request, run.readOptions)) {
      for (const row of rows) {
        // Stopped in the middle of a batch: asking for the next one raises the read's typed error.
        if (signal?.aborted) break;
        if (!run.take(row)) continue;
        yield { key: row.key, entity: run.entity };
        if (run.full) return;
      }
    }
  }
}

/**
 * {@link runQueryPlan} for a consumer that takes every row (`toArray`, `count`, a `get`): each row goes to `onRow`
 * as soon as its response is in, with no asynchronous step per row. Resolves when the result is complete.
 *
 * @example
 * ```ts
 * const entities: object[] = [];
 * await forEachQueryRow(conn, 'devices', meta, plan, { hydrate: true }, (_key, entity) => entities.push(entity!));
 * ```
 */
export function forEachQueryRow(
  connection: BigtableConnection,
  tableId: string,
  meta: EntityMetadata,
  plan: QueryPlan,
  options: PlanRunOptions,
  onRow: (key: Uint8Array, entity: object | undefined) => void,
): Promise<void> {
  // Not an async function, and the rows taken by a callback: a `get` passes through no promise of its own here
  // beyond the one that chains a further request (each a hook under a tracing context manager on Node 20).
  let run: PlanRows;
  try {
    run = new PlanRows(meta, plan, options);
  } catch (error) {
    return Promise.reject(error);
  }
  let threw = false;
  let thrown: unknown;
  // A row's own failure (a decode error, a throwing `onRow`) stops the read and is the call's, not the stream's.
  const onBatch = (rows: readonly RowData[]): boolean => {
    try {
      for (const row of rows) {
        if (!run.take(row)) continue;
        onRow(row.key, run.entity);
        if (run.full) return false;
      }
      return true;
    } catch (error) {
      threw = true;
      thrown = error;
      return false;
    }
  };
  const readFrom = (request: ReadRowsRequestData | undefined): Promise<void> | undefined => {
    if (request === undefined) return undefined;
    return forEachRowBatch(connection, tableId, request, run.readOptions, onBatch).then(() => {
      if (threw) throw thrown;
      return run.full ? undefined : readFrom(run.nextRequest(request));
    });
  };
  try {
    return readFrom(run.firstRequest()) ?? Promise.resolve();
  } catch (error) {
    return Promise.reject(error);
  }
}
