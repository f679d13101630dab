import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValueEncodingError } from '../../../../src/errors/value-encoding-error.js';
import {
  booleanCodec,
  bytesCodec,
  dateCodec,
  float64Codec,
  int64AsNumberCodec,
  int64Codec,
  stringCodec,
} from '../../../../src/codecs/value/index.js';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const compareBytes = (a: Uint8Array, b: Uint8Array): number => Math.sign(Buffer.compare(a, b));
const sign = (n: number | bigint): number => (n > 0 ? 1 : n < 0 ? -1 : 0);
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function codePointCompare(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0) ?? 0);
  const y = [...b].map((c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (x[i] !== y[i]) return sign((x[i] ?? 0) - (y[i] ?? 0));
  return sign(x.length - y.length);
}

describe('string codec (UTF-8)', () => {
  it('encodes known vectors byte-exactly', () => {
    expect(hex(stringCodec.encode(''))).toBe('');
    expect(hex(stringCodec.encode('héllo'))).toBe('68c3a96c6c6f');
    expect(hex(stringCodec.encode('😀'))).toBe('f09f9880');
    expect(hex(stringCodec.encode('\ufeffa'))).toBe('efbbbf61');
    expect(stringCodec.decode(Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]))).toBe('\ufeffa');
  });
  it('round-trips any well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => stringCodec.decode(stringCodec.encode(s)) === s),
    );
  });
  it('keeps code point order as byte order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(compareBytes(stringCodec.encode(a), stringCodec.encode(b))).toBe(codePointCompare(a, b));
      }),
    );
  });
  it('rejects lone surrogates instead of replacing them', () => {
    for (const bad of ['\ud800', 'a\udc00b', '\udbff']) {
      expect(() => stringCodec.encode(bad)).toThrow(ValueEncodingError);
    }
    expect(() => stringCodec.encode('a\ud800')).toThrow(/well-formed UTF-16/);
  });
  it('rejects invalid UTF-8 on decode', () => {
    expect(() => stringCodec.decode(Uint8Array.from([0xc3, 0x28]))).toThrow(/valid UTF-8/);
    expect(() => stringCodec.decode(Uint8Array.from([0xed, 0xa0, 0x80]))).toThrow(ValueEncodingError);
  });
});

describe('int64 codec (8-byte big-endian two’s complement)', () => {
  it('encodes known vectors byte-exactly', () => {
    expect(hex(int64Codec.encode(0n))).toBe('0000000000000000');
    expect(hex(int64Codec.encode(1n))).toBe('0000000000000001');
    expect(hex(int64Codec.encode(-1n))).toBe('ffffffffffffffff');
    expect(hex(int64Codec.encode(INT64_MIN))).toBe('8000000000000000');
    expect(hex(int64Codec.encode(INT64_MAX))).toBe('7fffffffffffffff');
    expect(hex(int64Codec.encode(0x0102030405060708n))).toBe('0102030405060708');
  });
  it('round-trips every int64', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
        (n) => int64Codec.decode(int64Codec.encode(n)) === n,
      ),
    );
  });
  it('keeps numeric order as byte order for non-negative values', () => {
    const nonNegative = fc.bigInt({ min: 0n, max: INT64_MAX });
    fc.assert(
      fc.property(nonNegative, nonNegative, (a, b) => {
        expect(compareBytes(int64Codec.encode(a), int64Codec.encode(b))).toBe(sign(a - b));
      }),
    );
  });
  it('does not keep order across the sign (documented): -1 sorts after 1', () => {
    expect(compareBytes(int64Codec.encode(-1n), int64Codec.encode(1n))).toBe(1);
  });
  it('rejects out-of-range values and wrong lengths', () => {
    expect(() => int64Codec.encode(INT64_MAX + 1n)).toThrow(/signed 64-bit integer/);
    expect(() => int64Codec.encode(INT64_MIN - 1n)).toThrow(ValueEncodingError);
    expect(() => int64Codec.encode(5 as unknown as bigint)).toThrow(/a bigint/);
    expect(() => int64Codec.decode(new Uint8Array(7))).toThrow(/exactly 8 bytes/);
    expect(() => int64Codec.decode(new Uint8Array(9))).toThrow(ValueEncodingError);
  });
  it('reads from an offset view (cells may be slices of a larger buffer)', () => {
    const big = Uint8Array.from([9, 9, 0, 0, 0, 0, 0, 0, 1, 0, 9]);
    expect(int64Codec.decode(big.subarray(2, 10))).toBe(256n);
  });
});

describe('int64AsNumber codec', () => {
  it('round-trips every safe integer in the int64 format', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        const bytes = int64AsNumberCodec.encode(n);
        expect(hex(bytes)).toBe(hex(int64Codec.encode(BigInt(n))));
        expect(int64AsNumberCodec.decode(bytes)).toBe(n === 0 ? 0 : n);
      }),
    );
  });
  it('refuses unsafe or fractional numbers on encode and unsafe stored values on decode', () => {
    expect(() => int64AsNumberCodec.encode(2 ** 53)).toThrow(/safe integer/);
    expect(() => int64AsNumberCodec.encode(1.5)).toThrow(ValueEncodingError);
    expect(() => int64AsNumberCodec.encode(Number.NaN)).toThrow(ValueEncodingError);
    expect(() => int64AsNumberCodec.decode(int64Codec.encode(2n ** 53n))).toThrow(
      /stored value 9007199254740992/,
    );
  });
});

describe('float64 codec (8-byte big-endian IEEE-754)', () => {
  it('encodes known vectors byte-exactly', () => {
    expect(hex(float64Codec.encode(1.5))).toBe('3ff8000000000000');
    expect(hex(float64Codec.encode(-0))).toBe('8000000000000000');
    expect(hex(float64Codec.encode(Number.NaN))).toBe('7ff8000000000000');
    expect(hex(float64Codec.encode(Number.POSITIVE_INFINITY))).toBe('7ff0000000000000');
  });
  it('round-trips every double, including -0 and NaN', () => {
    fc.assert(fc.property(fc.double(), (x) => Object.is(float64Codec.decode(float64Codec.encode(x)), x)));
  });
  it('keeps numeric order as byte order for non-negative values', () => {
    const nonNegative = fc.double({ min: 0, noNaN: true }).filter((x) => !Object.is(x, -0));
    fc.assert(
      fc.property(nonNegative, nonNegative, (a, b) => {
        expect(compareBytes(float64Codec.encode(a), float64Codec.encode(b))).toBe(sign(a - b));
      }),
    );
  });
  it('rejects wrong lengths', () => {
    expect(() => float64Codec.decode(new Uint8Array(4))).toThrow(/exactly 8 bytes/);
  });
});

describe('boolean codec', () => {
  it('is one byte 00/01 and rejects anything else', () => {
    expect(hex(booleanCodec.encode(false))).toBe('00');
    expect(hex(booleanCodec.encode(true))).toBe('01');
    expect(booleanCodec.decode(Uint8Array.of(1))).toBe(true);
    expect(booleanCodec.decode(Uint8Array.of(0))).toBe(false);
    expect(() => booleanCodec.decode(Uint8Array.of(2))).toThrow(/0x00 or 0x01/);
    expect(() => booleanCodec.decode(new Uint8Array(0))).toThrow(ValueEncodingError);
    expect(() => booleanCodec.encode(1 as unknown as boolean)).toThrow(ValueEncodingError);
  });
});

describe('date codec (int64 milliseconds)', () => {
  it('encodes known vectors byte-exactly', () => {
    expect(hex(dateCodec.encode(new Date(1000)))).toBe('00000000000003e8');
    expect(hex(dateCodec.encode(new Date(-1)))).toBe('ffffffffffffffff');
  });
  it('round-trips every valid Date', () => {
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true }),
        (d) => dateCodec.decode(dateCodec.encode(d)).getTime() === d.getTime(),
      ),
    );
  });
  it('keeps time order as byte order from 1970 on', () => {
    const modern = fc.date({ min: new Date(0), noInvalidDate: true });
    fc.assert(
      fc.property(modern, modern, (a, b) => {
        expect(compareBytes(dateCodec.encode(a), dateCodec.encode(b))).toBe(sign(a.getTime() - b.getTime()));
      }),
    );
  });
  it('rejects invalid Dates and int64 values outside the Date range', () => {
    expect(() => dateCodec.encode(new Date(Number.NaN))).toThrow(/a valid Date/);
    expect(() => dateCodec.decode(int64Codec.encode(8_640_000_000_000_001n))).toThrow(ValueEncodingError);
  });
});

describe('bytes codec', () => {
  it('stores raw bytes and returns fresh plain Uint8Arrays', () => {
    fc.assert(
      fc.property(fc.uint8Array(), (b) => {
        const decoded = bytesCodec.decode(bytesCodec.encode(b));
        expect(decoded).toEqual(b);
        expect(decoded.constructor).toBe(Uint8Array);
      }),
    );
    const buffer = Buffer.from([0, 255]);
    const decoded = bytesCodec.decode(buffer);
    expect(decoded.constructor).toBe(Uint8Array);
    buffer[0] = 7;
    expect(decoded[0]).toBe(0);
  });
});
