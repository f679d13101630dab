import { checkBytes, checkObject, checkObjectArray } from '../../errors/check-argument.js';
import type { KeyRange } from './key-codec-types.js';
import { compareBytes } from './bytes.js';

/**
 * One end of a {@link KeyRange}.
 *
 * @example
 * ```ts
 * const start: KeyBound = { key: new TextEncoder().encode('a#'), inclusive: true };
 * ```
 */
export type KeyBound = NonNullable<KeyRange['start']>;

/**
 * The smallest key greater than every key that starts with `prefix`: the prefix with trailing 0xFF bytes dropped
 * and its last byte incremented. Undefined when there is none (empty or all-0xFF prefix), meaning +infinity.
 *
 * @example
 * ```ts
 * keySuccessor(Uint8Array.of(0x61, 0xff)); // Uint8Array [0x62]
 * keySuccessor(Uint8Array.of(0xff));       // undefined
 * ```
 */
export function keySuccessor(prefix: Uint8Array): Uint8Array | undefined {
  checkBytes({ api: 'keySuccessor', argument: 'prefix' }, prefix);
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === 0xff) end--;
  if (end === 0) return undefined;
  // A copy: a Buffer's slice shares memory, so incrementing it would change the caller's prefix.
  const out = new Uint8Array(prefix.subarray(0, end));
  out[end - 1]! += 1;
  return out;
}

/**
 * The range of all keys starting with `prefix` (the whole table for an empty prefix).
 *
 * @example
 * ```ts
 * prefixKeyRange(new TextEncoder().encode('phone#'));
 * // { start: { key: 'phone#', inclusive: true }, end: { key: 'phone$', inclusive: false } }
 * ```
 */
export function prefixKeyRange(prefix: Uint8Array): KeyRange {
  checkBytes({ api: 'prefixKeyRange', argument: 'prefix' }, prefix);
  const end = keySuccessor(prefix);
  return {
    ...(prefix.length > 0 ? { start: { key: prefix, inclusive: true } } : {}),
    ...(end ? { end: { key: end, inclusive: false } } : {}),
  };
}

/**
 * The range holding exactly one key.
 *
 * @example
 * ```ts
 * pointKeyRange(key); // { start: { key, inclusive: true }, end: { key, inclusive: true } }
 * ```
 */
export function pointKeyRange(key: Uint8Array): KeyRange {
  checkBytes({ api: 'pointKeyRange', argument: 'key' }, key);
  return { start: { key, inclusive: true }, end: { key, inclusive: true } };
}

// An exclusive start k is the inclusive start k‖00 and an inclusive end k is the exclusive end k‖00 (k‖00 is the
// next key after k), so every bound maps to one half-open position and comparisons need no case analysis.
function startPosition(bound: KeyBound | undefined): Uint8Array | undefined {
  if (!bound) return undefined;
  return bound.inclusive ? bound.key : withZero(bound.key);
}

function endPosition(bound: KeyBound | undefined): Uint8Array | undefined {
  if (!bound) return undefined;
  return bound.inclusive ? withZero(bound.key) : bound.key;
}

function withZero(key: Uint8Array): Uint8Array {
  const out = new Uint8Array(key.length + 1);
  out.set(key);
  return out;
}

function compareStarts(a: KeyBound | undefined, b: KeyBound | undefined): number {
  const x = startPosition(a);
  const y = startPosition(b);
  if (!x || !y) return x === y ? 0 : x ? 1 : -1;
  return compareBytes(x, y);
}

/** Compares an end position with a start position; undefined end = +infinity, undefined start = -infinity. */
function compareEndToStart(end: KeyBound | undefined, start: KeyBound | undefined): number {
  const e = endPosition(end);
  const s = startPosition(start);
  if (!e) return 1;
  if (!s) return 1;
  return compareBytes(e, s);
}

function compareEnds(a: KeyBound | undefined, b: KeyBound | undefined): number {
  const x = endPosition(a);
  const y = endPosition(b);
  if (!x || !y) return x === y ? 0 : x ? -1 : 1;
  return compareBytes(x, y);
}

/**
 * True when the range holds exactly one key (both bounds inclusive and equal), as {@link pointKeyRange} makes.
 *
 * @example
 * ```ts
 * isPointKeyRange(pointKeyRange(Uint8Array.of(1))); // true
 * ```
 */
export function isPointKeyRange(range: KeyRange): boolean {
  return (
    range.start?.inclusive === true &&
    range.end?.inclusive === true &&
    compareBytes(range.start.key, range.end.key) === 0
  );
}

/**
 * The tighter of two lower bounds (undefined = −∞): the later key, or at the same key the exclusive one. With
 * {@link tighterEnd}, the intersection of two ranges.
 *
 * @example
 * ```ts
 * tighterStart({ key: a, inclusive: true }, { key: a, inclusive: false }); // { key: a, inclusive: false }
 * ```
 */
export function tighterStart(a: KeyBound | undefined, b: KeyBound | undefined): KeyBound | undefined {
  if (!a) return b;
  if (!b) return a;
  const c = compareBytes(a.key, b.key);
  if (c !== 0) return c > 0 ? a : b;
  return a.inclusive ? b : a;
}

/**
 * The tighter of two upper bounds (undefined = +∞): the earlier key, or at the same key the exclusive one.
 *
 * @example
 * ```ts
 * tighterEnd(undefined, { key: z, inclusive: false }); // { key: z, inclusive: false }
 * ```
 */
export function tighterEnd(a: KeyBound | undefined, b: KeyBound | undefined): KeyBound | undefined {
  if (!a) return b;
  if (!b) return a;
  const c = compareBytes(a.key, b.key);
  if (c !== 0) return c < 0 ? a : b;
  return a.inclusive ? b : a;
}

/**
 * True when the range holds no key at all (start at or after end).
 *
 * @example
 * ```ts
 * isEmptyKeyRange({ start: { key: k, inclusive: false }, end: { key: k, inclusive: true } }); // true
 * ```
 */
export function isEmptyKeyRange(range: KeyRange): boolean {
  checkObject({ api: 'isEmptyKeyRange', argument: 'range' }, range);
  return compareEndToStart(range.end, range.start) <= 0;
}

/**
 * True when `key` lies inside `range` (Bigtable semantics: unset start = "", unset end = +infinity).
 *
 * @example
 * ```ts
 * keyRangeContains(prefixKeyRange(p), key); // same as key.startsWith(p)
 * ```
 */
export function keyRangeContains(range: KeyRange, key: Uint8Array): boolean {
  checkObject({ api: 'keyRangeContains', argument: 'range' }, range);
  checkBytes({ api: 'keyRangeContains', argument: 'key' }, key);
  if (range.start) {
    const c = compareBytes(key, range.start.key);
    if (c < 0 || (c === 0 && !range.start.inclusive)) return false;
  }
  if (range.end) {
    const c = compareBytes(key, range.end.key);
    if (c > 0 || (c === 0 && !range.end.inclusive)) return false;
  }
  return true;
}

/**
 * Drops empty ranges, sorts by start and merges overlapping or touching ones, so the result is sorted, disjoint
 * and free of empty or inverted ranges (what a Bigtable RowSet wants).
 *
 * @example
 * ```ts
 * normalizeKeyRanges([prefixKeyRange(b), prefixKeyRange(a), pointKeyRange(a)]); // [a…, b…] merged where they touch
 * ```
 */
export function normalizeKeyRanges(ranges: readonly KeyRange[]): KeyRange[] {
  checkObjectArray({ api: 'normalizeKeyRanges', argument: 'ranges' }, ranges, 'objects');
  // A range ending at the empty key holds at most that key, which no row has; sent, an empty end would mean +∞.
  const keep = (r: KeyRange): boolean => !isEmptyKeyRange(r) && r.end?.key.length !== 0;
  if (ranges.length === 1) {
    // A `get`'s one key: nothing to sort or merge.
    const [only] = ranges as [KeyRange];
    return keep(only)
      ? [{ ...(only.start ? { start: only.start } : {}), ...(only.end ? { end: only.end } : {}) }]
      : [];
  }
  const sorted = ranges.filter(keep).sort((a, b) => compareStarts(a.start, b.start));
  const out: { start?: KeyBound; end?: KeyBound }[] = [];
  for (const range of sorted) {
    const last = out[out.length - 1];
    if (last && compareEndToStart(last.end, range.start) >= 0) {
      if (compareEnds(last.end, range.end) < 0) {
        if (range.end) last.end = range.end;
        else delete last.end;
      }
      continue;
    }
    out.push({ ...(range.start ? { start: range.start } : {}), ...(range.end ? { end: range.end } : {}) });
  }
  return out;
}
