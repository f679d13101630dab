import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { ReadNode } from '../nodes/read-node.js';
import { visitReadNode } from '../nodes/read-node.js';
import { planCollection } from './plan-collection.js';
import type { CollectionPlan } from './plan-collection.js';
import { planFind } from './plan-find.js';
import type { FindPlan } from './plan-find.js';
import { planKeys } from './plan-keys.js';

/**
 * The plan of any read: of one entity's rows (find, keys, their counts) or of a collection.
 *
 * @example
 * ```ts
 * const plan = planRead(node, Date.now());
 * if (plan.kind === 'entity') console.log(plan.plan.rows.ranges.length);
 * ```
 */
export type ReadPlan =
  | { readonly kind: 'entity'; readonly meta: EntityMetadata; readonly plan: FindPlan }
  | { readonly kind: 'collection'; readonly plan: CollectionPlan };

/**
 * The planner's entry point: every read tree, whatever its kind, becomes a plan here (row set, filter, residual
 * work), for the one compiler to turn into requests.
 *
 * @example
 * ```ts
 * const plan = planRead(repo.find({ deviceType: 'phone' }).node, Date.now());
 * ```
 */
export function planRead(node: ReadNode, nowMillis: number): ReadPlan {
  return visitReadNode<ReadPlan>(node, {
    find: (n) => ({ kind: 'entity', meta: n.meta, plan: planFind(n, nowMillis) }),
    keys: (n) => ({ kind: 'entity', meta: n.meta, plan: planKeys(n, nowMillis) }),
    collection: (n) => ({ kind: 'collection', plan: planCollection(n, nowMillis) }),
    count: (n) => {
      const mode = n.exists ? 'exists' : 'count';
      return n.of.kind === 'find'
        ? { kind: 'entity', meta: n.of.meta, plan: planFind(n.of, nowMillis, mode) }
        : { kind: 'collection', plan: planCollection(n.of, nowMillis, mode) };
    },
  });
}
