import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { QueryExecutor } from '../executor/query-executor.js';
import { queryNode } from '../nodes/query-node.js';
import { Query } from './query.js';

/**
 * The query of `repository.find(keyPrefix)`: one equality condition per given property (key parts in key order
 * make the exact key prefix; other properties become conditions); undefined values are no condition.
 *
 * @example
 * ```ts
 * const phones = findQuery(getEntityMetadata(Device), executor, { deviceType: 'phone' });
 * ```
 */
export function findQuery<E extends object>(
  meta: EntityMetadata<E>,
  executor: QueryExecutor,
  keyPrefix: object,
): Query<E> {
  const conditions = Object.entries(keyPrefix as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .map(([property, value]) => ({ property, op: '=' as const, value }));
  return new Query<E>(queryNode(meta, { conditions }), executor);
}
