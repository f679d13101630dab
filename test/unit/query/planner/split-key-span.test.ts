import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes } from '../../../../src/codecs/key/bytes.js';
import type { KeySpan } from '../../../../src/backfill/split-key-span.js';
import {
  coveringSpan,
  interpolateKeys,
  keyFraction,
  shardCuts,
  splitKeySpan,
} from '../../../../src/backfill/split-key-span.js';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);
const text = (k: Uint8Array | undefined): string | undefined =>
  k === undefined ? undefined : Buffer.from(k).toString('latin1');

/** Checks the shard invariants: ordered, non-empty, contiguous, exactly covering the span. */
function expectCover(span: KeySpan, shards: readonly KeySpan[]): void {
  expect(shards.length).toBeGreaterThanOrEqual(1);
  expect(compareBytes(shards[0]!.start, span.start)).toBe(0);
  const last = shards[shards.length - 1]!;
  if (span.end) expect(compareBytes(last.end!, span.end)).toBe(0);
  else expect(last.end).toBeUndefined();
  shards.forEach((s, i) => {
    if (s.end) expect(compareBytes(s.start, s.end)).toBeLessThan(0);
    if (i > 0) expect(compareBytes(shards[i - 1]!.end!, s.start)).toBe(0);
  });
}

const bytesArb = fc.uint8Array({ minLength: 0, maxLength: 6 });
const spanArb = fc
  .tuple(bytesArb, fc.option(bytesArb, { nil: undefined }))
  .filter(([s, e]) => e === undefined || compareBytes(s, e) < 0)
  .map(([start, end]): KeySpan => (end === undefined ? { start } : { start, end }));

describe('splitting a key span into shards', () => {
  it('even splits of the key space between the bounds, readable when the bounds are', () => {
    expect(interpolateKeys(b('user#0'), b('user#9'), 3).map(text)).toEqual(['user#3', 'user#6']);
    expect(interpolateKeys(b('a'), b('b'), 2).map(text)).toEqual(['a\x80']);
    expect(interpolateKeys(new Uint8Array(), undefined, 4).map((k) => [...k])).toEqual([
      [0x40],
      [0x80],
      [0xc0],
    ]);
    expect(interpolateKeys(b('b'), b('a'), 4)).toEqual([]);
  });

  it('cuts at sample keys inside the span when there are enough, else interpolates between the occupied bounds', () => {
    const span = { start: b('u#'), end: b('u$') };
    const samples = ['a', 'u#2', 'u#4', 'u#6', 'u#8', 'z', ''].map(b);
    expect(shardCuts(span, samples, 3).map(text)).toEqual(['u#4', 'u#6']);
    // Two samples inside for four shards: not enough, so the cuts come from the first and last existing keys.
    const few = shardCuts(span, ['u#2', 'u#6'].map(b), 4, { start: b('u#000'), end: b('u#999\0') });
    expect(few.map((k) => text(k)!.slice(0, 3))).toEqual(['u#2', 'u#4', 'u#6']);
    expect(shardCuts(span, samples, 1)).toEqual([]);
  });

  it('the covering span of planner ranges turns open starts and closed ends into half-open bounds', () => {
    expect(
      coveringSpan([
        { start: { key: b('b'), inclusive: false }, end: { key: b('c'), inclusive: true } },
        { start: { key: b('a'), inclusive: true }, end: { key: b('b'), inclusive: false } },
      ]),
    ).toEqual({ start: b('a'), end: b('c\0') });
    expect(coveringSpan([{}])).toEqual({ start: new Uint8Array() });
  });

  it('property: shards are ordered, contiguous and cover the span exactly, for any samples and count', () => {
    fc.assert(
      fc.property(
        spanArb,
        fc.array(bytesArb, { maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (span, samples, n) => {
          const cuts = shardCuts(span, samples, n);
          expect(cuts.length).toBeLessThanOrEqual(n - 1);
          const shards = splitKeySpan(span, cuts);
          expectCover(span, shards);
        },
      ),
    );
  });

  it('property: interpolation gives count − 1 cuts strictly inside a span wide enough', () => {
    // Only `start` followed by zero bytes bounds a finite set of keys (start‖0, start‖00, …): every other span has
    // room for any number of cuts. (Seed 57635651 found [] … [0], with no key between them at all.)
    const finite = (span: KeySpan): boolean =>
      span.end !== undefined &&
      compareBytes(span.end.subarray(0, span.start.length), span.start) === 0 &&
      span.end.subarray(span.start.length).every((byte) => byte === 0);
    fc.assert(
      fc.property(
        spanArb.filter((span) => !finite(span)),
        fc.integer({ min: 2, max: 16 }),
        (span, n) => {
          const cuts = interpolateKeys(span.start, span.end, n);
          expect(cuts.length).toBe(n - 1);
          expectCover(span, splitKeySpan(span, cuts));
        },
      ),
    );
  });

  it('key fraction runs from 0 at the start to 1 at the end', () => {
    const span = { start: b('a'), end: b('c') };
    expect(keyFraction(span, b('a'))).toBe(0);
    expect(keyFraction(span, b('b'))).toBe(0.5);
    expect(keyFraction(span, b('c'))).toBe(1);
  });
});
