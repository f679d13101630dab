import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes } from '../../../../src/codecs/key/bytes.js';
import { createKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import type { KeyEncodingSpec } from '../../../../src/codecs/key/key-codec-types.js';
import { compareCodePoints } from '../../../../src/codecs/key/utf8.js';
import { DELIMITED, ORDERED, RUNS, keyString, segmentCases, sign } from './key-arbitraries.js';

// Each segment type sits between a literal and a trailing string field, so the properties also cover the struct
// framing around it (element-wise order, strict prefixes first).
for (const encoding of [DELIMITED, ORDERED] as KeyEncodingSpec[]) {
  describe(`segment properties, ${encoding.kind} keys`, () => {
    for (const c of segmentCases(encoding)) {
      const codec = createKeyCodec({
        entity: 'Prop',
        segments: [{ type: 'literal', value: 'k' }, c.spec, { type: 'string', name: 'tail' }],
        encoding,
      });
      const segment = codec.segments[1]!;
      const tails = keyString(encoding, 3);

      it(`${c.label}: decode(encode(x)) = x`, () => {
        fc.assert(
          fc.property(c.values, tails, (x, tail) => {
            expect(codec.decode(codec.encode({ x, tail }))).toEqual({ x, tail });
          }),
          RUNS,
        );
      });

      it(`${c.label}: byte order of keys = value order`, () => {
        fc.assert(
          fc.property(c.values, c.values, tails, tails, (x1, x2, t1, t2) => {
            const k1 = codec.encode({ x: x1, tail: t1 });
            const k2 = codec.encode({ x: x2, tail: t2 });
            const byValue = segment.compare(x1, x2);
            const expected =
              (segment.descending ? -sign(byValue) : sign(byValue)) || sign(compareCodePoints(t1, t2));
            expect(sign(compareBytes(k1, k2))).toBe(expected);
          }),
          RUNS,
        );
      });
    }
  });
}
