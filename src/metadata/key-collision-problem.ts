import type { KeyValue } from '../codecs/key/key-codec-types.js';
import { formatValue } from '../errors/format-value.js';
import { printableKey } from '../errors/printable-key.js';
import type { EntityMetadata } from './entity-metadata.js';
import { findKeyCollision, sampleKey } from './find-key-collision.js';
import type { KeyRange } from '../codecs/key/key-codec-types.js';
import { keyRangeContains } from '../codecs/key/key-range.js';
import { describeKeyRanges, keyRangesOverlap } from './key-ranges-overlap.js';

function showValues(values: Readonly<Record<string, KeyValue>>): string {
  const entries = Object.entries(values).map(([k, v]) => `${k}: ${formatValue(v)}`);
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

/** A sample key of `entity` that lies in `ranges` (of `owner`), shown as `D key "a\x00\x01a" lies in C's range`. */
function exampleInside(
  entity: EntityMetadata,
  owner: string,
  ranges: readonly KeyRange[],
): string | undefined {
  const key = sampleKey(entity.key);
  if (!key || !ranges.some((r) => keyRangeContains(r, key))) return undefined;
  return `e.g. ${entity.name} key "${printableKey(key)}" lies in ${owner}'s range`;
}

const FIX =
  "put a literal between the parent's key and the child's parts (@Entity({ parent, literal: 'c' })), give the " +
  'entities different field counts or types at some position, or give each its own prefix';

/**
 * Why two entities of one table cannot share it, or `undefined` when every row key names its type. The message
 * shows the colliding key (printable bytes) as an example of each entity, e.g.
 * `Continent { continent: "asia" } and Country { continent: "asia", country: "" } both have row key "asia"`.
 * Keys of different struct encodings or delimiters are compared by key ranges: they must not overlap at all.
 *
 * @example
 * ```ts
 * keyCollisionProblem(continentMeta, countryMeta); // 'row keys can collide with Country's …' (ordered code, no literal)
 * ```
 */
export function keyCollisionProblem(metadata: EntityMetadata, other: EntityMetadata): string | undefined {
  const head = `row keys can collide with ${other.name}'s in table ${metadata.table}`;
  const collision = findKeyCollision(metadata.key, other.key);
  if (collision === undefined) return undefined;
  if (collision === 'incomparable') {
    const own = metadata.key.codec.ranges({});
    const theirs = other.key.codec.ranges({});
    if (!keyRangesOverlap(own, theirs)) return undefined;
    const inside = exampleInside(other, metadata.name, own) ?? exampleInside(metadata, other.name, theirs);
    return (
      `${head}: their keys use different encodings or delimiters, so only disjoint key ranges tell them apart, but ` +
      `${metadata.name} keys span ${describeKeyRanges(own)} and ${other.name} keys span ${describeKeyRanges(theirs)}` +
      `${inside ? ` (${inside})` : ''}; ` +
      'give each entity a literal prefix that is not a prefix of the other (e.g. prefix: "video" and "comment")'
    );
  }
  const key = `"${printableKey(collision.key)}"`;
  const shown =
    collision.first && collision.second
      ? `${metadata.name} ${showValues(collision.first)} and ${other.name} ${showValues(collision.second)} both have row key ${key}`
      : `keys shaped like ${key} fit both layouts`;
  return `${head}: ${shown}, so a row's type cannot be told from its key; ${FIX}`;
}
