import type { KeyRange } from '../codecs/key/key-codec-types.js';
import { tighterEnd, tighterStart } from '../codecs/key/key-range.js';
import { printableKey } from '../errors/printable-key.js';

function compare(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

function rangesIntersect(a: KeyRange, b: KeyRange): boolean {
  const start = tighterStart(a.start, b.start);
  const end = tighterEnd(a.end, b.end);
  if (!start || !end) return true;
  const c = compare(start.key, end.key);
  return c < 0 || (c === 0 && start.inclusive && end.inclusive);
}

/**
 * True when some row key lies in a range of both lists. Conservative: two open bounds with nothing between them
 * (e.g. `(a, a\0)`) count as overlapping, which is the safe answer for a collision check.
 *
 * @example
 * ```ts
 * keyRangesOverlap(videoKey.ranges({}), commentKey.ranges({})); // true for prefixes video# and video#comment#
 * ```
 */
export function keyRangesOverlap(a: readonly KeyRange[], b: readonly KeyRange[]): boolean {
  return a.some((x) => b.some((y) => rangesIntersect(x, y)));
}

/**
 * A short readable form of a range list for messages, e.g. `["video#", "video$")`.
 *
 * @example
 * ```ts
 * describeKeyRanges(codec.ranges({})); // '["video#", "video$")'
 * ```
 */
export function describeKeyRanges(ranges: readonly KeyRange[]): string {
  const show = (b: Uint8Array): string => `"${printableKey(b)}"`;
  const one = (r: KeyRange): string =>
    `${r.start ? (r.start.inclusive ? '[' : '(') + show(r.start.key) : '(−∞'}, ${r.end ? show(r.end.key) + (r.end.inclusive ? ']' : ')') : '+∞)'}`;
  const shown = ranges.slice(0, 2).map(one).join(' ∪ ');
  return ranges.length > 2 ? `${shown} ∪ … (${ranges.length} ranges)` : shown;
}
