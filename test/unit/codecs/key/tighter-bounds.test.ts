import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyRange } from '../../../../src/codecs/key/key-codec-types.js';
import { keyRangeContains, tighterEnd, tighterStart } from '../../../../src/codecs/key/key-range.js';
import { RUNS } from './key-arbitraries.js';

const shortKey = fc
  .array(fc.constantFrom(0x00, 0x01, 0x61, 0xfe, 0xff), { maxLength: 3 })
  .map((a) => Uint8Array.from(a));
const bound = fc.option(fc.record({ key: shortKey, inclusive: fc.boolean() }), { nil: undefined });
const range = fc
  .tuple(bound, bound)
  .map(([start, end]): KeyRange => ({ ...(start ? { start } : {}), ...(end ? { end } : {}) }));

describe('tighterStart / tighterEnd', () => {
  it('bound the intersection: a key is in the tightened range exactly when it is in both ranges', () => {
    fc.assert(
      fc.property(range, range, shortKey, (a, b, key) => {
        const start = tighterStart(a.start, b.start);
        const end = tighterEnd(a.end, b.end);
        const both: KeyRange = { ...(start ? { start } : {}), ...(end ? { end } : {}) };
        expect(keyRangeContains(both, key)).toBe(keyRangeContains(a, key) && keyRangeContains(b, key));
      }),
      RUNS,
    );
  });

  it('prefer the exclusive bound at the same key and treat undefined as unbounded', () => {
    const a = Uint8Array.of(0x61);
    expect(tighterStart({ key: a, inclusive: true }, { key: a, inclusive: false })).toEqual({
      key: a,
      inclusive: false,
    });
    expect(tighterEnd({ key: a, inclusive: false }, { key: a, inclusive: true })).toEqual({
      key: a,
      inclusive: false,
    });
    expect(tighterStart(undefined, { key: a, inclusive: true })).toEqual({ key: a, inclusive: true });
    expect(tighterEnd(undefined, undefined)).toBeUndefined();
  });
});
