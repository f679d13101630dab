import type { KeyRange } from '../codecs/key/key-codec-types.js';
import { prefixKeyRange } from '../codecs/key/key-range.js';
import type { EntityMetadata } from './entity-metadata.js';
import { defaultRegistry } from './entity-registry.js';
import { isKeyOf, keyOwner } from './key-owner.js';
import { mayHaveKeysStartingWith, rangeCommonPrefix } from './key-prefix-fields.js';
import { bytesEqual, concatBytes } from '../codecs/key/bytes.js';
import { keyRangesOverlap } from './key-ranges-overlap.js';

/**
 * The entities among `siblings` (other entities of the table) whose keys can lie in `ranges`: with hierarchical
 * keys, a video's comments lie under the video's prefix, so a read or a prefix drop of videos reaches them too.
 *
 * @example
 * ```ts
 * entitiesInRanges([getEntityMetadata(Comment)], getEntityMetadata(Video).key.codec.ranges({})); // [Comment's metadata]
 * ```
 */
export function entitiesInRanges(
  siblings: readonly EntityMetadata[],
  ranges: readonly KeyRange[],
): EntityMetadata[] {
  return siblings.filter((s) => ranges.some((r) => mayHoldKeysOf(s, r)));
}

/** Whether a key of `entity` can lie in `range`: exact for a single key, by key structure otherwise. */
function mayHoldKeysOf(entity: EntityMetadata, range: KeyRange): boolean {
  const start = range.start?.key;
  const end = range.end?.key;
  if (start && end && range.start?.inclusive && range.end?.inclusive && bytesEqual(start, end))
    return isKeyOf(entity, start);
  if (!keyRangesOverlap([range], entity.key.codec.ranges({}))) return false;
  // An ordered-code range of complete fields, [p, p ‖ 00 02), holds p itself and keys going on with 00 01: the last
  // field of p is complete, which the common prefix alone does not tell (a read of one conversation's messages
  // cannot meet its unread counters).
  if (
    start &&
    end &&
    entity.key.encoding.kind === 'orderedCode' &&
    range.start?.inclusive &&
    !range.end?.inclusive &&
    bytesEqual(end, concatBytes([start, ORDERED_CODE_RANGE_END]))
  )
    return (
      isKeyOf(entity, start) ||
      mayHaveKeysStartingWith(entity.key, concatBytes([start, ORDERED_CODE_SEPARATOR]))
    );
  return mayHaveKeysStartingWith(entity.key, rangeCommonPrefix(range));
}

const ORDERED_CODE_SEPARATOR = Uint8Array.of(0x00, 0x01);
const ORDERED_CODE_RANGE_END = Uint8Array.of(0x00, 0x02);

/**
 * How a read of `meta` tells its own rows from other entities' rows under its prefix, or `undefined` when no
 * sibling's keys can lie in `ranges` (then nothing per row is needed). `isForeign(key)` is exact: the row's key
 * decodes as one of those siblings ({@link keyOwner}), not as `meta`. A key that decodes as neither is not foreign:
 * it stays the reader's, so a malformed row of the entity still fails as before.
 *
 * @example
 * ```ts
 * const foreign = foreignRows(videoMeta, [commentMeta], videoMeta.key.codec.ranges({}));
 * foreign?.isForeign(new TextEncoder().encode('video#v1#c#9223370448563575807')); // true
 * ```
 */
export function foreignRows(
  meta: EntityMetadata,
  siblings: readonly EntityMetadata[],
  ranges: readonly KeyRange[],
): { readonly entities: readonly EntityMetadata[]; isForeign(key: Uint8Array): boolean } | undefined {
  const entities = entitiesInRanges(
    siblings.filter((s) => s.target !== meta.target),
    ranges,
  );
  if (entities.length === 0) return undefined;
  // The reader first: its own rows cost one decode.
  const candidates = [meta, ...entities];
  return {
    entities,
    isForeign: (key) => {
      const owner = keyOwner(candidates, key);
      return owner !== undefined && owner !== meta;
    },
  };
}

/**
 * The other entities of `meta`'s table known to the default registry (where `@Entity` and `defineEntity` register),
 * or none when `meta`'s class is not a valid registered entity there (e.g. metadata built by hand).
 *
 * @example
 * ```ts
 * registeredSiblings(getEntityMetadata(Video)); // [Comment's metadata] when both are declared
 * ```
 */
export function registeredSiblings(meta: EntityMetadata): readonly EntityMetadata[] {
  try {
    return defaultRegistry.tableSiblings(meta.target);
  } catch {
    return [];
  }
}

/**
 * The siblings whose rows a prefix delete of `meta` would drop too: those whose keys can lie under one of
 * `prefixes` (DropRowRange prefixes), or under any key for `'table'` (the whole table is dropped).
 *
 * @example
 * ```ts
 * entitiesUnderPrefixes(videoMeta, [commentMeta], [new TextEncoder().encode('video#')]); // [commentMeta]
 * ```
 */
export function entitiesUnderPrefixes(
  meta: EntityMetadata,
  siblings: readonly EntityMetadata[],
  prefixes: readonly Uint8Array[] | 'table',
): EntityMetadata[] {
  const ranges = prefixes === 'table' ? [{}] : prefixes.map(prefixKeyRange);
  return entitiesInRanges(
    siblings.filter((s) => s.target !== meta.target),
    ranges,
  );
}
