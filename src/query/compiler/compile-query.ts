import type { ReadRowsRequestData } from '../../model/read-rows-request.js';
import type { QueryNode } from '../nodes/query-node.js';
import { planFind } from '../planner/plan-find.js';
import type { FindPlan, QueryMode } from '../planner/plan-find.js';
import { compileRequest } from './compile-request.js';

export type { QueryMode } from '../planner/plan-find.js';

/**
 * Everything needed to run a read of one entity's rows: the compiled request (undefined when no row can match, so
 * nothing is sent; an empty RowSet would read the whole table) next to its plan (row set, filter and the residual
 * work the client still has to do) and the planner's notes.
 *
 * @example
 * ```ts
 * const plan = compileQuery(node, Date.now());
 * if (plan.request) for await (const row of readRows(conn, table, plan.request)) { ... }
 * ```
 */
export interface QueryPlan extends FindPlan {
  readonly request: ReadRowsRequestData | undefined;
}

/**
 * A planned read of one entity compiled: the plan with its request.
 *
 * @example
 * ```ts
 * const plan = compilePlan(planFind(node, Date.now()));
 * ```
 */
export function compilePlan(plan: FindPlan): QueryPlan {
  return Object.freeze({ ...plan, request: compileRequest(plan.rows) });
}

/**
 * Plans and compiles a query tree into a frozen ReadRows request plus the client-side rest of the plan. Pure and
 * deterministic for a fixed `nowMillis` (which only moves GC-hiding timestamp ranges). Throws QueryError before
 * anything is sent for unknown properties, wrong value types, conditions the key layout cannot serve and scans
 * without `allowScan()`.
 *
 * @example
 * ```ts
 * const { request, notes } = compileQuery(repo.find({ deviceType: 'phone' }).limit(5).node, Date.now());
 * ```
 */
export function compileQuery(node: QueryNode, nowMillis: number, mode: QueryMode = 'rows'): QueryPlan {
  return compilePlan(planFind(node, nowMillis, mode));
}
