// The fast codec paths (pooled Buffer for strings, one shared scratch array instead of a DataView per number) must
// write exactly the bytes of the reference implementations they replaced: TextEncoder and DataView.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { float64Codec } from '../../../../src/codecs/value/float64-codec.js';
import { int64AsNumberCodec, int64Codec } from '../../../../src/codecs/value/int64-codec.js';
import { stringCodec } from '../../../../src/codecs/value/string-codec.js';
import { dateCodec } from '../../../../src/codecs/value/date-codec.js';

const hex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
const referenceFloat64 = (v: number): Uint8Array => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, Number.isNaN(v) ? NaN : v, false);
  return b;
};
const referenceInt64 = (v: bigint): Uint8Array => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigInt64(0, v, false);
  return b;
};
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
const wellFormed = fc.string({ unit: 'grapheme', maxLength: 40 });

describe('value codecs write the reference bytes', () => {
  it('string: the bytes of TextEncoder, for every well-formed string', () => {
    const encoder = new TextEncoder();
    fc.assert(fc.property(wellFormed, (s) => hex(stringCodec.encode(s)) === hex(encoder.encode(s))));
  });

  it('string: still refuses a lone surrogate (Buffer.from would write U+FFFD silently)', () => {
    expect(() => stringCodec.encode('a\uD800b')).toThrow(/lone surrogate/);
  });

  it('float64: the bytes of DataView, and decodes what DataView wrote (including -0, ±Infinity, NaN)', () => {
    fc.assert(
      fc.property(fc.double(), (v) => {
        const bytes = float64Codec.encode(v);
        expect(hex(bytes)).toBe(hex(referenceFloat64(v)));
        expect(Object.is(float64Codec.decode(referenceFloat64(v)), v)).toBe(true);
      }),
    );
    expect(hex(float64Codec.encode(NaN))).toBe('7ff8000000000000');
  });

  it('float64 and int64 decode from a view at any offset of a larger buffer', () => {
    fc.assert(
      fc.property(fc.bigInt(INT64), fc.nat(16), (v, offset) => {
        const backing = new Uint8Array(offset + 16).fill(0xaa);
        backing.set(referenceInt64(v), offset);
        return int64Codec.decode(backing.subarray(offset, offset + 8)) === v;
      }),
    );
  });

  it('int64, int64AsNumber and date: the bytes of DataView', () => {
    fc.assert(fc.property(fc.bigInt(INT64), (v) => hex(int64Codec.encode(v)) === hex(referenceInt64(v))));
    fc.assert(
      fc.property(
        fc.maxSafeInteger(),
        (v) => hex(int64AsNumberCodec.encode(v)) === hex(referenceInt64(BigInt(v))),
      ),
    );
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true }),
        (d) => hex(dateCodec.encode(d)) === hex(referenceInt64(BigInt(d.getTime()))),
      ),
    );
  });

  it('encoded values are independent: a later encode never changes an earlier result', () => {
    const a = float64Codec.encode(1.5);
    const b = int64Codec.encode(-1n);
    float64Codec.encode(2.5);
    int64Codec.encode(7n);
    expect(hex(a)).toBe(hex(referenceFloat64(1.5)));
    expect(hex(b)).toBe('ffffffffffffffff');
  });
});
