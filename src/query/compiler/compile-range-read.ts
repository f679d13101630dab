import type { KeyRange } from '../../codecs/key/key-codec-types.js';
import { prefixKeyRange } from '../../codecs/key/key-range.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import { queryNode } from '../nodes/query-node.js';
import { entityKeySpan } from '../planner/entity-key-span.js';
import { intersectKeyRanges } from '../planner/intersect-key-ranges.js';
import type { QueryPlan } from './compile-query.js';
import { compileQuery } from './compile-query.js';
import { toRowRange } from './to-row-range.js';

/**
 * Raw row-key bounds of a read, as tools such as `cbt read` take them: a key prefix, a start key (inclusive) and
 * an end key (exclusive). Given together they all apply.
 *
 * @example
 * ```ts
 * const bounds: RawKeyBounds = { prefix: Buffer.from('phone#'), end: Buffer.from('phone#m') };
 * ```
 */
export interface RawKeyBounds {
  /** Only keys starting with these bytes. */
  readonly prefix?: Uint8Array | undefined;
  /** Only keys ≥ this one. */
  readonly start?: Uint8Array | undefined;
  /** Only keys < this one. */
  readonly end?: Uint8Array | undefined;
}

/**
 * Plans a read of an entity's rows inside raw key bounds: the entity's read filter and limit as for a scan, the
 * row set narrowed to the part of the entity's key space (its prefix, its salt buckets) inside the bounds. No
 * request when nothing can match (an empty RowSet would read the whole table).
 *
 * @example
 * ```ts
 * const plan = compileRangeRead(getEntityMetadata(Device), { prefix: Buffer.from('phone#') }, Date.now(), { limit: 10 });
 * ```
 */
export function compileRangeRead(
  meta: EntityMetadata,
  bounds: RawKeyBounds,
  nowMillis: number,
  options: { readonly limit?: number | undefined; readonly reverse?: boolean | undefined } = {},
): QueryPlan {
  const base = compileQuery(
    queryNode(meta, { allowScan: true, limit: options.limit, reverse: options.reverse ?? false }),
    nowMillis,
  );
  const wanted: KeyRange = {
    ...(bounds.start ? { start: { key: bounds.start, inclusive: true } } : {}),
    ...(bounds.end ? { end: { key: bounds.end, inclusive: false } } : {}),
  };
  const within = bounds.prefix ? intersectKeyRanges([prefixKeyRange(bounds.prefix)], [wanted]) : [wanted];
  const ranges = intersectKeyRanges(entityKeySpan(meta), within);
  if (!base.request || ranges.length === 0) return { ...base, request: undefined };
  return { ...base, request: { ...base.request, rows: { rowKeys: [], rowRanges: ranges.map(toRowRange) } } };
}
