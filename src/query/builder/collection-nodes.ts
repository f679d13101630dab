import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import { queryNode } from '../nodes/query-node.js';
import type { CollectionNode } from '../nodes/read-node.js';
import { collectionNode } from '../nodes/read-node.js';

/**
 * The read tree of a collection: per member a query with the shared key values as `=` conditions.
 *
 * @example
 * ```ts
 * const node = collectionNodeOf({ video: videoMeta, comments: commentMeta }, { videoId: 'v1' });
 * ```
 */
export function collectionNodeOf(
  members: Readonly<Record<string, EntityMetadata>>,
  shared: Readonly<Record<string, unknown>>,
): CollectionNode {
  const conditions = Object.entries(shared)
    .filter(([, value]) => value !== undefined)
    .map(([property, value]) => ({ property, op: '=' as const, value }));
  return collectionNode(
    Object.entries(members).map(([name, meta]) => ({ name, query: queryNode(meta, { conditions }) })),
    shared,
  );
}

/**
 * The read tree of `mapper.query([A, B], sharedKey)`: each member narrowed by the leading run of its own key parts
 * that `sharedKey` gives (so `{ invoiceId, paymentId }` is the invoice's whole key for Invoice and a payment's for
 * Payment), the shared key being the run all members have in common.
 *
 * @example
 * ```ts
 * const node = leadingRunsNodeOf({ a: getEntityMetadata(Invoice), b: getEntityMetadata(Payment) }, { invoiceId: 'i1' });
 * ```
 */
export function leadingRunsNodeOf(
  members: Readonly<Record<string, EntityMetadata>>,
  sharedKey: Readonly<Record<string, unknown>>,
): CollectionNode {
  const runs = Object.entries(members).map(([name, meta]) => {
    const run: string[] = [];
    for (const part of meta.key.parts) {
      if (sharedKey[part.property] === undefined) break;
      run.push(part.property);
    }
    return { name, meta, run };
  });
  const common: string[] = [];
  for (let i = 0; runs.every((r) => r.run[i] !== undefined && r.run[i] === runs[0]!.run[i]); i++)
    common.push(runs[0]!.run[i]!);
  return collectionNode(
    runs.map(({ name, meta, run }) => ({
      name,
      query: queryNode(meta, {
        conditions: run.map((property) => ({ property, op: '=' as const, value: sharedKey[property] })),
      }),
    })),
    Object.fromEntries(common.map((p) => [p, sharedKey[p]])),
  );
}
