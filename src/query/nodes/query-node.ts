import type { EntityMetadata } from '../../metadata/entity-metadata.js';

/**
 * Comparison operators of `where`. Key parts accept every operator but `ne`; scalar columns every one but
 * `startsWith` on non-string codecs.
 *
 * @example
 * ```ts
 * const op: ConditionOp = '>=';
 * ```
 */
export type ConditionOp = '=' | '!=' | '>' | '>=' | '<' | '<=' | 'between' | 'startsWith' | 'in';

/**
 * One `where` condition, as written (values are validated by the planner, not here). `between` holds
 * `[low, high]` (both inclusive), `in` a list.
 *
 * @example
 * ```ts
 * const c: ConditionNode = { property: 'at', op: 'between', value: [from, to] };
 * ```
 */
export interface ConditionNode {
  readonly property: string;
  readonly op: ConditionOp;
  readonly value: unknown;
}

/**
 * Which cells of versioned properties to read: the newest `latest` within `[since, until)`.
 *
 * @example
 * ```ts
 * const v: VersionsNode = { latest: 10, since: new Date('2024-01-01') };
 * ```
 */
export interface VersionsNode {
  readonly latest?: number;
  readonly since?: Date;
  readonly until?: Date;
}

/**
 * Which entries of a Map/Set property to read: keys in `[from, to)` or starting with `prefix`, at most `limit` of
 * them (the first ones in key byte order).
 *
 * @example
 * ```ts
 * const r: EntriesNode = { property: 'comments', from: '2024', limit: 10 };
 * ```
 */
export interface EntriesNode {
  readonly property: string;
  readonly from?: unknown;
  readonly to?: unknown;
  readonly prefix?: string;
  /** Exactly these members (whole keys: `bob` never matches `bobby`). */
  readonly members?: readonly unknown[];
  readonly limit?: number;
}

/**
 * The immutable query tree a `Query` builder holds. Every builder call makes a new frozen node; nothing here is
 * planned or validated against the key layout yet (the planner does it, and throws QueryError).
 *
 * @example
 * ```ts
 * const node = queryNode(meta, { conditions: [{ property: 'deviceType', op: '=', value: 'phone' }] });
 * ```
 */
export interface QueryNode {
  /** IR node kind (see `ReadNode`): a query over one entity's rows. */
  readonly kind: 'find';
  readonly meta: EntityMetadata;
  /** Conditions in call order, on key parts or columns alike (the planner sorts them out). */
  readonly conditions: readonly ConditionNode[];
  /** Selected properties, or undefined for all. */
  readonly select: readonly string[] | undefined;
  readonly versions: VersionsNode | undefined;
  readonly entries: readonly EntriesNode[];
  readonly reverse: boolean;
  readonly limit: number | undefined;
  readonly allowScan: boolean;
  /** Opaque cursor of the last row already returned. */
  readonly after: string | undefined;
}

/**
 * A new frozen node: the defaults (or `base`) with `patch` applied.
 *
 * @example
 * ```ts
 * const next = queryNode(node.meta, { ...node, reverse: true });
 * ```
 */
export function queryNode(
  meta: EntityMetadata,
  patch: Partial<Omit<QueryNode, 'meta' | 'kind'>> = {},
): QueryNode {
  const conditions = Object.freeze((patch.conditions ?? []).map((c) => Object.freeze({ ...c })));
  return Object.freeze({
    kind: 'find',
    meta,
    conditions,
    select: patch.select === undefined ? undefined : Object.freeze([...patch.select]),
    versions: patch.versions === undefined ? undefined : Object.freeze({ ...patch.versions }),
    entries: Object.freeze((patch.entries ?? []).map((e) => Object.freeze({ ...e }))),
    reverse: patch.reverse ?? false,
    limit: patch.limit,
    allowScan: patch.allowScan ?? false,
    after: patch.after,
  });
}
