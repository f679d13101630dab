import type { KeyRange } from '../../codecs/key/key-codec-types.js';
import { keyRangeContains } from '../../codecs/key/key-range.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import { isKeyOf } from '../../metadata/key-owner.js';

/**
 * A candidate owner of rows in a read of several entity types: its metadata and the key ranges the read covers
 * for it.
 *
 * @example
 * ```ts
 * const owner: RowOwner = { meta: commentMeta, ranges: commentMeta.key.codec.ranges({ videoId: 'v1' }) };
 * ```
 */
export interface RowOwner {
  readonly meta: EntityMetadata;
  readonly ranges: readonly KeyRange[];
}

/**
 * The one function that decides which type a row of a multi-type read is: the index of the owner whose ranges hold
 * the key and whose key it is (`isKeyOf`, which the metadata's collision check makes unambiguous: no key is two
 * entities' keys); undefined for a row of none of them — another entity's row inside a range, such as a grandchild
 * under a child's prefix — which the read leaves out. Both checks are needed: a parent read by prefix holds its
 * children's rows, and a child's range holds its own children's rows.
 *
 * @example
 * ```ts
 * const i = routeRow(owners, row.key); // 0 → video, 1 → comments, undefined → not asked for
 * ```
 */
export function routeRow(owners: readonly RowOwner[], key: Uint8Array): number | undefined {
  for (let i = 0; i < owners.length; i++) {
    const owner = owners[i]!;
    if (owner.ranges.some((r) => keyRangeContains(r, key)) && isKeyOf(owner.meta, key)) return i;
  }
  return undefined;
}
