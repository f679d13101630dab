import { compareBytes } from '../codecs/key/bytes.js';
import type { KeyRange } from '../codecs/key/key-codec-types.js';

/**
 * A contiguous half-open run of row keys `[start, end)`: `start` inclusive (empty = the table's first key), `end`
 * exclusive (absent = to the end of the table).
 *
 * @example
 * ```ts
 * const users: KeySpan = { start: Buffer.from('user#'), end: Buffer.from('user$') };
 * ```
 */
export interface KeySpan {
  readonly start: Uint8Array;
  readonly end?: Uint8Array | undefined;
}

/** Extra bytes of precision below the longer bound, so that even a narrow span splits into distinct keys. */
const EXTRA_PRECISION = 3;

function succ(key: Uint8Array): Uint8Array {
  const out = new Uint8Array(key.length + 1);
  out.set(key);
  return out;
}

/**
 * The smallest span holding every key of `ranges` (sorted or not): the bounds a planner of shards works between.
 * Open starts and closed ends become the next key (`k ‖ 00`), so the span is always `[start, end)`.
 *
 * @example
 * ```ts
 * coveringSpan(entityKeySpan(meta)); // e.g. { start: 'user##', end: 'user$' }
 * ```
 */
export function coveringSpan(ranges: readonly KeyRange[]): KeySpan {
  let start: Uint8Array | undefined;
  let end: Uint8Array | undefined;
  let unboundedEnd = ranges.length === 0;
  let unboundedStart = ranges.length === 0;
  for (const r of ranges) {
    if (!r.start || r.start.key.length === 0) unboundedStart = true;
    else {
      const s = r.start.inclusive ? r.start.key : succ(r.start.key);
      if (!start || compareBytes(s, start) < 0) start = s;
    }
    if (!r.end) unboundedEnd = true;
    else {
      const e = r.end.inclusive ? succ(r.end.key) : r.end.key;
      if (!end || compareBytes(e, end) > 0) end = e;
    }
  }
  return {
    start: unboundedStart || !start ? new Uint8Array() : start,
    ...(unboundedEnd || !end ? {} : { end }),
  };
}

function commonPrefixLength(a: Uint8Array, b: Uint8Array): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function toNumber(bytes: Uint8Array, from: number, width: number): bigint {
  let n = 0n;
  for (let i = 0; i < width; i++) n = (n << 8n) | BigInt(bytes[from + i] ?? 0);
  return n;
}

function fromNumber(prefix: Uint8Array, n: bigint, width: number): Uint8Array {
  const out = new Uint8Array(prefix.length + width);
  out.set(prefix);
  for (let i = out.length - 1, v = n; i >= prefix.length; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

function trimZeros(key: Uint8Array): Uint8Array {
  let end = key.length;
  while (end > 0 && key[end - 1] === 0) end--;
  return key.subarray(0, end);
}

/**
 * `count − 1` keys that cut `[start, end)` into `count` equal parts of the byte-wise key space (fewer when the span
 * holds fewer distinct keys at this precision). The method: the bytes after the bounds' common prefix are read as
 * one big-endian number (the shorter bound padded with zero bytes, plus three bytes of precision; an absent end is
 * 256^width), the interval is divided evenly, and each cut is written back with the prefix (trailing zero bytes
 * dropped while that keeps the order). Equal parts of the key space hold equal numbers of rows only when the key
 * bytes are spread evenly; readable keys (digits, letters) are not, which is why the runner interpolates between
 * the first and last existing keys rather than the span's theoretical bounds.
 *
 * @example
 * ```ts
 * interpolateKeys(Buffer.from('user#0'), Buffer.from('user#9'), 3); // ≈ ['user#3', 'user#6']
 * ```
 */
export function interpolateKeys(start: Uint8Array, end: Uint8Array | undefined, count: number): Uint8Array[] {
  if (count < 2 || (end && compareBytes(start, end) >= 0)) return [];
  const p = end ? commonPrefixLength(start, end) : 0;
  const width = Math.max(start.length, end?.length ?? 0, p + 1) - p + EXTRA_PRECISION;
  const lo = toNumber(start, p, Math.min(width, start.length - p));
  const a = lo << (8n * BigInt(width - Math.min(width, start.length - p)));
  const b = end
    ? toNumber(end, p, end.length - p) << (8n * BigInt(width - (end.length - p)))
    : 1n << (8n * BigInt(width));
  const prefix = start.subarray(0, p);
  const out: Uint8Array[] = [];
  let previous = start;
  for (let i = 1; i < count; i++) {
    const exact = fromNumber(prefix, a + ((b - a) * BigInt(i)) / BigInt(count), width);
    const trimmed = trimZeros(exact);
    const cut = compareBytes(trimmed, previous) > 0 ? trimmed : exact;
    if (compareBytes(cut, previous) <= 0 || (end && compareBytes(cut, end) >= 0)) continue;
    out.push(cut);
    previous = cut;
  }
  return out;
}

/**
 * The inner cuts of a span into at most `shards` shards: picked evenly (by index) among the sample keys strictly
 * inside the span when there are at least `shards − 1` of them (SampleRowKeys answers split points at roughly equal
 * byte offsets); otherwise even splits of the key space ({@link interpolateKeys}) between the bounds of `occupied`
 * (the first and last existing key, when known) or of the span.
 *
 * @example
 * ```ts
 * const cuts = shardCuts({ start: Buffer.from('u#'), end: Buffer.from('u$') }, [Buffer.from('u#5')], 4);
 * ```
 */
export function shardCuts(
  span: KeySpan,
  samples: readonly Uint8Array[],
  shards: number,
  occupied?: KeySpan,
): Uint8Array[] {
  if (shards < 2) return [];
  const candidates = keysInside(span, samples);
  if (candidates.length >= shards - 1) {
    const picked: Uint8Array[] = [];
    for (let i = 1; i < shards; i++) {
      const cut = candidates[Math.floor((i * candidates.length) / shards)]!;
      if (picked.length === 0 || compareBytes(picked[picked.length - 1]!, cut) < 0) picked.push(cut);
    }
    return picked;
  }
  const bounds = occupied ?? span;
  return keysInside(span, interpolateKeys(bounds.start, bounds.end, shards));
}

/**
 * The distinct keys strictly inside a span (after its start, before its end), sorted: the usable cuts.
 *
 * @example
 * ```ts
 * keysInside({ start: Buffer.from('b'), end: Buffer.from('d') }, ['a', 'c', 'c'].map((k) => Buffer.from(k))); // ['c']
 * ```
 */
export function keysInside(span: KeySpan, keys: readonly Uint8Array[]): Uint8Array[] {
  return [...keys]
    .filter(
      (k) => k.length > 0 && compareBytes(k, span.start) > 0 && (!span.end || compareBytes(k, span.end) < 0),
    )
    .sort(compareBytes)
    .filter((k, i, all) => i === 0 || compareBytes(all[i - 1]!, k) !== 0);
}

/**
 * The shards of a span cut at `cuts` (sorted, strictly inside the span): contiguous, ordered, covering the span
 * exactly.
 *
 * @example
 * ```ts
 * splitKeySpan({ start: Buffer.from('a'), end: Buffer.from('z') }, [Buffer.from('m')]); // [a, m), [m, z)
 * ```
 */
export function splitKeySpan(span: KeySpan, cuts: readonly Uint8Array[]): KeySpan[] {
  const bounds = [span.start, ...cuts];
  return bounds.map((start, i) => {
    const end = i + 1 < bounds.length ? bounds[i + 1] : span.end;
    return end === undefined ? { start } : { start, end };
  });
}

/**
 * Roughly how far `key` lies into `span`, from 0 to 1, by the same byte-wise reading as {@link interpolateKeys};
 * used for progress and ETA only.
 *
 * @example
 * ```ts
 * keyFraction({ start: Buffer.from('a'), end: Buffer.from('c') }, Buffer.from('b')); // 0.5
 * ```
 */
export function keyFraction(span: KeySpan, key: Uint8Array): number {
  const p = span.end ? commonPrefixLength(span.start, span.end) : 0;
  const width = 6;
  const read = (k: Uint8Array): number => Number(toNumber(k.subarray(p), 0, width));
  const lo = read(span.start);
  const hi = span.end ? read(span.end) : 256 ** width;
  if (hi <= lo) return 1;
  return Math.min(1, Math.max(0, (read(key) - lo) / (hi - lo)));
}

/**
 * A span as a planner key range (`[start, end)`), for intersecting with the entity's ranges.
 *
 * @example
 * ```ts
 * intersectKeyRanges(entityKeySpan(meta), [spanRange(shard)]);
 * ```
 */
export function spanRange(span: KeySpan): KeyRange {
  return {
    ...(span.start.length > 0 ? { start: { key: span.start, inclusive: true } } : {}),
    ...(span.end ? { end: { key: span.end, inclusive: false } } : {}),
  };
}

/** The planner's key range, for the layers above the query layer that work with spans. */
export type { KeyRange };
