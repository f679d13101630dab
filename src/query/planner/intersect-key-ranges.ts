import type { KeyRange } from '../../codecs/key/key-codec-types.js';
import { isEmptyKeyRange, normalizeKeyRanges, tighterEnd, tighterStart } from '../../codecs/key/key-range.js';

/**
 * The keys in both lists, as a sorted, disjoint list without empty ranges (possibly `[]`, meaning "no key").
 *
 * @example
 * ```ts
 * intersectKeyRanges(codec.ranges({ type: 'phone' }), [{ start: { key: lastKey, inclusive: false } }]);
 * ```
 */
export function intersectKeyRanges(a: readonly KeyRange[], b: readonly KeyRange[]): KeyRange[] {
  const out: KeyRange[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = tighterStart(x.start, y.start);
      const end = tighterEnd(x.end, y.end);
      const range: KeyRange = { ...(start ? { start } : {}), ...(end ? { end } : {}) };
      if (!isEmptyKeyRange(range)) out.push(range);
    }
  }
  return normalizeKeyRanges(out);
}
