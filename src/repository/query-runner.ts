import { hydrateEntity } from '../mapping/hydrate-entity.js';
import { markPartialLoad } from '../mapping/load-state.js';
import type { PartialLoad } from '../mapping/load-state.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { QueryPlan } from '../query/compiler/compile-query.js';
import type { QueryRow } from '../query/builder/query-executor.js';
import { matchesResidual } from '../query/planner/residual-condition.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { readRows } from '../transport/read-rows.js';
import type { ReadRowsOptions } from '../transport/read-rows.js';

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

/**
 * Runs a compiled query: sends its request with `readRows` (nothing when the plan has no request), hydrates each
 * row, applies the client-side conditions, projection and limit, and yields rows in the order Bigtable returned
 * them. Breaking out of the iteration cancels the RPC.
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
  options: {
    readonly hydrate: boolean;
    readonly read?: ReadRowsOptions;
  },
): AsyncGenerator<QueryRow> {
  if (!plan.request) return;
  let returned = 0;
  const readOptions: ReadRowsOptions = options.read ?? {};
  // What this read leaves out of each entity, so that saving one never erases what it did not load.
  const partial: PartialLoad | undefined =
    plan.keep === undefined && plan.windowed.length === 0
      ? undefined
      : {
          unloaded: new Set(
            plan.keep === undefined
              ? []
              : meta.fields.map((f) => f.property).filter((p) => !plan.keep!.includes(p)),
          ),
          windowed: new Set(plan.windowed),
        };
  for await (const row of readRows(connection, tableId, plan.request, readOptions)) {
    if (!options.hydrate) {
      yield { key: row.key, entity: undefined };
      continue;
    }
    const entity = hydrateEntity(meta, row) as Record<string, unknown>;
    if (!plan.residual.every((r) => matchesResidual(r, entity[r.property]))) continue;
    if (plan.keep) keepOnly(meta, entity, plan.keep);
    if (partial) markPartialLoad(entity, partial);
    yield { key: row.key, entity };
    returned++;
    if (plan.clientLimit !== undefined && returned >= plan.clientLimit) return;
  }
}
