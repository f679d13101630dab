import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { QueryNode, VersionsNode } from './query-node.js';

/**
 * Whole entities by full row key (`get`, `getMany`, `lookup`), optionally with a window on versioned properties.
 * `keys` are the encoded keys in the caller's order (duplicates allowed; the request reads each row once).
 *
 * @example
 * ```ts
 * const node: KeysNode = keysNode(meta, [meta.key.codec.encode({ deviceId: 'a' })]);
 * ```
 */
export interface KeysNode {
  readonly kind: 'keys';
  readonly meta: EntityMetadata;
  readonly keys: readonly Uint8Array[];
  readonly versions: VersionsNode | undefined;
}

/**
 * One entity type of a collection: its name in the result and the query over its rows (the shared key as `=`
 * conditions, plus the type's own `where`, `select`, `versions`, `entries` and per-type `limit`).
 *
 * @example
 * ```ts
 * const member: CollectionMemberNode = { name: 'comments', query: queryNode(commentMeta, { limit: 10 }) };
 * ```
 */
export interface CollectionMemberNode {
  readonly name: string;
  readonly query: QueryNode;
}

/**
 * Several entity types of one table sharing leading key parts, read together in key order: each row is routed to
 * the member whose keys it has. `limit` is the total over every member; per-member limits live in their queries.
 *
 * @example
 * ```ts
 * const node = collectionNode([{ name: 'video', query: videoQuery }, { name: 'comments', query: commentQuery }], {});
 * ```
 */
export interface CollectionNode {
  readonly kind: 'collection';
  readonly members: readonly CollectionMemberNode[];
  /** The shared leading key values, as given (also present as `=` conditions in every member's query). */
  readonly shared: Readonly<Record<string, unknown>>;
  readonly reverse: boolean;
  readonly limit: number | undefined;
  readonly after: string | undefined;
}

/**
 * `count()` / `exists()` of a query or collection: the same rows, read as keys only where the client needs no
 * cells.
 *
 * @example
 * ```ts
 * const node: CountNode = { kind: 'count', of: query.node, exists: false };
 * ```
 */
export interface CountNode {
  readonly kind: 'count';
  readonly of: QueryNode | CollectionNode;
  /** `exists()`: at most one row. */
  readonly exists: boolean;
}

/**
 * Every read the SDK sends is one of these trees; the planner turns each into a plan (row set, filter, residual
 * work) and one compiler turns plans into ReadRows requests. Handle a new kind in {@link ReadNodeVisitor}.
 *
 * @example
 * ```ts
 * const node: ReadNode = repo.find({ deviceType: 'phone' }).node;
 * ```
 */
export type ReadNode = QueryNode | KeysNode | CollectionNode | CountNode;

/**
 * One method per IR node kind. `visitReadNode` dispatches on `kind` with an exhaustiveness check, so adding a kind
 * to {@link ReadNode} fails the build until every visitor handles it.
 *
 * @example
 * ```ts
 * const name: ReadNodeVisitor<string> = { find: () => 'find', keys: () => 'keys', collection: () => 'c', count: () => 'n' };
 * ```
 */
export interface ReadNodeVisitor<R> {
  find(node: QueryNode): R;
  keys(node: KeysNode): R;
  collection(node: CollectionNode): R;
  count(node: CountNode): R;
}

/** Compile-time exhaustiveness: reached only if a ReadNode kind has no case. */
function unhandled(node: never): never {
  return node;
}

/**
 * Calls the visitor's method for the node's kind.
 *
 * @example
 * ```ts
 * const kind = visitReadNode(node, { find: () => 1, keys: () => 2, collection: () => 3, count: () => 4 });
 * ```
 */
export function visitReadNode<R>(node: ReadNode, visitor: ReadNodeVisitor<R>): R {
  switch (node.kind) {
    case 'find':
      return visitor.find(node);
    case 'keys':
      return visitor.keys(node);
    case 'collection':
      return visitor.collection(node);
    case 'count':
      return visitor.count(node);
    default:
      return unhandled(node);
  }
}

/**
 * A frozen keys node.
 *
 * @example
 * ```ts
 * keysNode(meta, [key], { latest: 3 });
 * ```
 */
export function keysNode(
  meta: EntityMetadata,
  keys: readonly Uint8Array[],
  versions?: VersionsNode,
): KeysNode {
  return Object.freeze({
    kind: 'keys',
    meta,
    keys: Object.freeze([...keys]),
    versions: versions === undefined ? undefined : Object.freeze({ ...versions }),
  });
}

/**
 * A frozen collection node.
 *
 * @example
 * ```ts
 * collectionNode(members, { videoId: 'v1' }, { reverse: false, limit: 11 });
 * ```
 */
export function collectionNode(
  members: readonly CollectionMemberNode[],
  shared: Readonly<Record<string, unknown>>,
  options: { readonly reverse?: boolean; readonly limit?: number; readonly after?: string } = {},
): CollectionNode {
  return Object.freeze({
    kind: 'collection',
    members: Object.freeze(members.map((m) => Object.freeze({ ...m }))),
    shared: Object.freeze({ ...shared }),
    reverse: options.reverse ?? false,
    limit: options.limit,
    after: options.after,
  });
}
