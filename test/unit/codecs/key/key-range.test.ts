import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes, hasPrefix } from '../../../../src/codecs/key/bytes.js';
import type { KeyRange } from '../../../../src/codecs/key/key-codec-types.js';
import {
  isEmptyKeyRange,
  keyRangeContains,
  keySuccessor,
  normalizeKeyRanges,
  pointKeyRange,
  prefixKeyRange,
} from '../../../../src/codecs/key/key-range.js';
import { RUNS } from './key-arbitraries.js';
import { rangeListProblems } from './key-query-model.js';

const k = (...bytes: number[]) => Uint8Array.from(bytes);
const shortKeys = fc
  .array(fc.constantFrom(0x00, 0x01, 0x61, 0xfe, 0xff), { maxLength: 3 })
  .map((a) => Uint8Array.from(a));

describe('key ranges', () => {
  it('successor: drop trailing 0xFF, increment the last byte; none for all-0xFF', () => {
    expect(keySuccessor(k(0x61))).toEqual(k(0x62));
    expect(keySuccessor(k(0x61, 0xff, 0xff))).toEqual(k(0x62));
    expect(keySuccessor(k(0xff))).toBeUndefined();
    expect(keySuccessor(k())).toBeUndefined();
    expect(prefixKeyRange(k(0xff))).toEqual({ start: { key: k(0xff), inclusive: true } });
    expect(prefixKeyRange(k())).toEqual({});
  });

  it("successor and prefix range of a Buffer leave the caller's bytes alone (Buffer#slice shares memory)", () => {
    const prefix = Buffer.from('phone#');
    expect(keySuccessor(prefix)).toEqual(Uint8Array.from(Buffer.from('phone$')));
    expect(prefix.toString()).toBe('phone#');
    const range = prefixKeyRange(Buffer.from('phone#'));
    expect(Buffer.from(range.start!.key).toString()).toBe('phone#');
    expect(Buffer.from(range.end!.key).toString()).toBe('phone$');
    expect(keyRangeContains(range, Buffer.from('phone#4c410523'))).toBe(true);
  });

  it('a prefix range holds exactly the keys with that prefix', () => {
    fc.assert(
      fc.property(shortKeys, shortKeys, (prefix, key) => {
        expect(keyRangeContains(prefixKeyRange(prefix), key)).toBe(hasPrefix(key, prefix));
      }),
      RUNS,
    );
  });

  it('emptiness accounts for open and closed ends', () => {
    const a = k(0x61);
    expect(isEmptyKeyRange(pointKeyRange(a))).toBe(false);
    expect(isEmptyKeyRange({ start: { key: a, inclusive: false }, end: { key: a, inclusive: true } })).toBe(
      true,
    );
    expect(isEmptyKeyRange({ start: { key: a, inclusive: true }, end: { key: a, inclusive: false } })).toBe(
      true,
    );
    // (a, a‖00] holds a‖00 only; (a, a‖00) holds nothing.
    expect(
      isEmptyKeyRange({ start: { key: a, inclusive: false }, end: { key: k(0x61, 0), inclusive: true } }),
    ).toBe(false);
    expect(
      isEmptyKeyRange({ start: { key: a, inclusive: false }, end: { key: k(0x61, 0), inclusive: false } }),
    ).toBe(true);
    expect(isEmptyKeyRange({})).toBe(false);
  });

  const bound = fc.option(fc.record({ key: shortKeys, inclusive: fc.boolean() }), { nil: undefined });
  const range = fc
    .tuple(bound, bound)
    .map(([start, end]): KeyRange => ({ ...(start ? { start } : {}), ...(end ? { end } : {}) }));

  it('normalize of one range (the fast path of a get) equals the general path', () => {
    fc.assert(
      fc.property(range, (r) => {
        // The same range twice takes the general path (sort, merge) and must come out as the one range.
        expect(normalizeKeyRanges([r])).toStrictEqual(normalizeKeyRanges([r, r]));
      }),
      RUNS,
    );
    expect(normalizeKeyRanges([pointKeyRange(k(0x61))])).toStrictEqual([pointKeyRange(k(0x61))]);
  });

  it('normalize keeps the same keys, sorted, disjoint, never empty', () => {
    fc.assert(
      fc.property(
        fc.array(range, { maxLength: 5 }),
        // Row keys are never empty, and a range ending at '' (holding only '') is dropped: it cannot be sent.
        fc.array(
          shortKeys.filter((key) => key.length > 0),
          { maxLength: 8 },
        ),
        (ranges, keys) => {
          const normal = normalizeKeyRanges(ranges);
          expect(rangeListProblems(normal)).toEqual([]);
          for (const key of keys) {
            expect(normal.some((r) => keyRangeContains(r, key))).toBe(
              ranges.some((r) => keyRangeContains(r, key)),
            );
          }
          for (let i = 1; i < normal.length; i++)
            expect(compareBytes(normal[i - 1]!.start?.key ?? k(), normal[i]!.start!.key)).toBeLessThanOrEqual(
              0,
            );
        },
      ),
      RUNS,
    );
  });
});
