import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { ReadRowsRequestData } from '../../model/read-rows-request.js';
import type { ReadNode } from '../nodes/read-node.js';
import type { CollectionPlan, CollectionRequestPlan } from '../planner/plan-collection.js';
import { planRead } from '../planner/plan-read.js';
import type { QueryPlan } from './compile-query.js';
import { compilePlan } from './compile-query.js';
import { compileRequest } from './compile-request.js';

/**
 * One compiled request of a collection read: the members it returns rows of, its plan and the request (undefined
 * when none of its rows can match).
 *
 * @example
 * ```ts
 * for (const r of compiled.requests) if (r.request) send(r.request);
 * ```
 */
export interface CompiledCollectionRequest extends CollectionRequestPlan {
  readonly request: ReadRowsRequestData | undefined;
}

/**
 * A collection plan with its requests compiled.
 *
 * @example
 * ```ts
 * const { requests, notes } = compileCollection(planCollection(node, Date.now()));
 * ```
 */
export interface CompiledCollection extends Omit<CollectionPlan, 'requests'> {
  readonly requests: readonly CompiledCollectionRequest[];
}

/**
 * Any read compiled: the entity read with its request, or the collection read with its requests.
 *
 * @example
 * ```ts
 * const compiled = compileRead(node, Date.now());
 * ```
 */
export type CompiledRead =
  | { readonly kind: 'entity'; readonly meta: EntityMetadata; readonly plan: QueryPlan }
  | { readonly kind: 'collection'; readonly plan: CompiledCollection };

/**
 * Compiles a planned collection read.
 *
 * @example
 * ```ts
 * const compiled = compileCollection(planCollection(node, Date.now()));
 * ```
 */
export function compileCollection(plan: CollectionPlan): CompiledCollection {
  return Object.freeze({
    ...plan,
    requests: Object.freeze(
      plan.requests.map((r) => Object.freeze({ ...r, request: compileRequest(r.rows) })),
    ),
  });
}

/**
 * The one read compiler: any read tree is planned (`planRead`) and its plan compiled into ReadRows requests.
 *
 * @example
 * ```ts
 * const compiled = compileRead(keysNode(meta, [key]), Date.now());
 * ```
 */
export function compileRead(node: ReadNode, nowMillis: number): CompiledRead {
  const plan = planRead(node, nowMillis);
  return plan.kind === 'entity'
    ? { kind: 'entity', meta: plan.meta, plan: compilePlan(plan.plan) }
    : { kind: 'collection', plan: compileCollection(plan.plan) };
}
