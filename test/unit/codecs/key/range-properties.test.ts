import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPrefix, toHex } from '../../../../src/codecs/key/bytes.js';
import { createKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import type { KeyEncodingSpec } from '../../../../src/codecs/key/key-codec-types.js';
import { keyRangeContains } from '../../../../src/codecs/key/key-range.js';
import { DELIMITED, ORDERED, RUNS, keyString } from './key-arbitraries.js';
import {
  expectedKeys,
  keysInRanges,
  layouts,
  queries,
  rangeListProblems,
  rows,
  sortedKeys,
} from './key-query-model.js';

const hex = (keys: readonly Uint8Array[]) => keys.map(toHex);

for (const encoding of [DELIMITED, ORDERED] as KeyEncodingSpec[]) {
  describe(`ranges() against an in-memory filter, ${encoding.kind} keys`, () => {
    for (const layout of layouts(encoding)) {
      it(`${layout.label}: same rows, same order; ranges sorted, disjoint, non-empty`, () => {
        const cases = rows(layout).chain((data) => fc.tuple(fc.constant(data), queries(layout, data)));
        fc.assert(
          fc.property(cases, ([data, query]) => {
            const ranges = layout.codec.ranges(query.leading, query.next);
            expect(rangeListProblems(ranges)).toEqual([]);
            const keys = sortedKeys(layout, data);
            expect(hex(keysInRanges(keys, ranges))).toEqual(hex(expectedKeys(layout, data, query)));
          }),
          RUNS,
        );
      });
    }
  });

  describe(`prefix isolation, ${encoding.kind} keys`, () => {
    const codec = createKeyCodec({
      entity: 'Tenant',
      segments: [
        { type: 'literal', value: 't' },
        { type: 'string', name: 'tenant' },
        { type: 'string', name: 'id' },
      ],
      encoding,
    });
    const text = keyString(encoding, 4);
    const nonEmpty = keyString(encoding, 3).filter((s) => s !== '');
    it('a partial key `a` never matches a row whose segment is `ab`, and always matches `a`', () => {
      fc.assert(
        fc.property(text, nonEmpty, text, (a, suffix, id) => {
          const ranges = codec.ranges({ tenant: a });
          const other = codec.encode({ tenant: a + suffix, id });
          const own = codec.encode({ tenant: a, id });
          expect(ranges.some((r) => keyRangeContains(r, other))).toBe(false);
          expect(ranges.some((r) => keyRangeContains(r, own))).toBe(true);
          const prefix = codec.encodePrefix({ tenant: a });
          expect(hasPrefix(other, prefix)).toBe(false);
          // Ordered-code keys whose later fields are all empty omit them, so they are shorter than the prefix.
          expect(hasPrefix(own, prefix)).toBe(encoding.kind === 'delimited' || id !== '');
        }),
        RUNS,
      );
    });
  });
}
