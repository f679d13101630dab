import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes, hasPrefix } from '../../../../src/codecs/key/bytes.js';
import { decodeDelimitedStruct, encodeDelimitedStruct } from '../../../../src/codecs/key/delimited-struct.js';
import { orderedCode } from '../../../../src/codecs/key/ordered-code.js';
import {
  decodeOrderedCodeStruct,
  encodeOrderedCodeStruct,
} from '../../../../src/codecs/key/ordered-code-struct.js';
import type { RowKeySchema } from '../../../../src/codecs/key/row-key-schema.js';
import { decodeRowKeyWithSchema, encodeRowKeyWithSchema } from '../../../../src/codecs/key/row-key-schema.js';
import { INT64_MAX, INT64_MIN, RUNS, int64, keyBytes, keyString, ORDERED, sign } from './key-arbitraries.js';

function compareFieldLists(a: readonly Uint8Array[], b: readonly Uint8Array[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareBytes(a[i]!, b[i]!);
    if (c !== 0) return sign(c);
  }
  return sign(a.length - b.length);
}

const anyBytes = keyBytes(ORDERED, 6);

describe('OrderedCode primitives', () => {
  for (const direction of ['increasing', 'decreasing'] as const) {
    const flip = direction === 'increasing' ? 1 : -1;
    it(`int64 ${direction}: round trip and order`, () => {
      fc.assert(
        fc.property(int64(INT64_MIN, INT64_MAX), int64(INT64_MIN, INT64_MAX), (a, b) => {
          const ea = orderedCode.encodeInt64(a, direction);
          expect(orderedCode.decodeInt64(ea, 0, direction)).toEqual({ value: a, next: ea.length });
          const eb = orderedCode.encodeInt64(b, direction);
          expect(sign(compareBytes(ea, eb))).toBe(flip * sign(a < b ? -1 : a > b ? 1 : 0) + 0);
        }),
        RUNS,
      );
    });
    it(`string ${direction}: round trip and order, self-delimiting`, () => {
      fc.assert(
        fc.property(anyBytes, anyBytes, (a, b) => {
          const ea = orderedCode.encodeString(a, direction);
          expect(orderedCode.decodeString(ea, 0, direction)).toEqual({ value: a, next: ea.length });
          const eb = orderedCode.encodeString(b, direction);
          expect(sign(compareBytes(ea, eb))).toBe(flip * sign(compareBytes(a, b)) + 0);
        }),
        RUNS,
      );
    });
  }
  it('uint64: round trip and order', () => {
    const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
    fc.assert(
      fc.property(u64, u64, (a, b) => {
        const ea = orderedCode.encodeUint64(a);
        expect(orderedCode.decodeUint64(ea).value).toBe(a);
        expect(sign(compareBytes(ea, orderedCode.encodeUint64(b)))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
      RUNS,
    );
  });
  it('float64: round trip and order (NaN excluded, -0 = +0)', () => {
    const f = fc.double({ noNaN: true });
    fc.assert(
      fc.property(f, f, (a, b) => {
        const ea = orderedCode.encodeFloat64(a);
        expect(orderedCode.decodeFloat64(ea).value).toBe(a === 0 ? 0 : a);
        expect(sign(compareBytes(ea, orderedCode.encodeFloat64(b)))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
      RUNS,
    );
  });
});

describe('Struct.OrderedCodeBytes', () => {
  const lists = fc.array(anyBytes, { minLength: 3, maxLength: 3 });
  it('round trip and element-wise order for any field bytes', () => {
    fc.assert(
      fc.property(lists, lists, (a, b) => {
        const ea = encodeOrderedCodeStruct(a);
        expect(decodeOrderedCodeStruct(ea, 3)).toEqual(a);
        expect(sign(compareBytes(ea, encodeOrderedCodeStruct(b)))).toBe(compareFieldLists(a, b));
      }),
      RUNS,
    );
  });
});

describe('Struct.DelimitedBytes (sorted mode)', () => {
  const delimiters = fc
    .tuple(fc.integer({ min: 0x00, max: 0xfe }), fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 2 }))
    .map(([first, rest]) => Uint8Array.from([first, ...rest]));
  const cases = delimiters.chain((delimiter) => {
    const field = fc
      .array(fc.integer({ min: delimiter[0]! + 1, max: 255 }), { maxLength: 4 })
      .map((x) => Uint8Array.from(x));
    const list = fc.array(field, { minLength: 3, maxLength: 3 });
    return fc.tuple(fc.constant(delimiter), list, list);
  });
  it('round trip, element-wise order, strict prefixes first', () => {
    fc.assert(
      fc.property(cases, ([delimiter, a, b]) => {
        const ea = encodeDelimitedStruct(a, delimiter);
        expect(decodeDelimitedStruct(ea, delimiter, 3)).toEqual(a);
        expect(sign(compareBytes(ea, encodeDelimitedStruct(b, delimiter)))).toBe(compareFieldLists(a, b));
        const prefix = encodeDelimitedStruct(a.slice(0, 1), delimiter);
        expect(hasPrefix(ea, Uint8Array.from([...prefix, ...delimiter]))).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('schema-level codec, mixed field types', () => {
  const schema: RowKeySchema = {
    fields: [
      { fieldName: 's', type: { stringType: { encoding: { utf8Bytes: {} } } } },
      { fieldName: 'n', type: { int64Type: { encoding: { orderedCodeBytes: {} } } } },
      { fieldName: 'be', type: { int64Type: { encoding: { bigEndianBytes: {} } } } },
      { fieldName: 'b', type: { bytesType: { encoding: { raw: {} } } } },
      {
        fieldName: 't',
        type: { timestampType: { encoding: { unixMicrosInt64: { orderedCodeBytes: {} } } } },
      },
    ],
    encoding: { orderedCodeBytes: {} },
  };
  it('decode(encode(values)) = values', () => {
    fc.assert(
      fc.property(
        keyString(ORDERED),
        int64(INT64_MIN, INT64_MAX),
        int64(0n, INT64_MAX),
        anyBytes,
        int64(INT64_MIN, INT64_MAX),
        (s, n, be, b, t) => {
          const values = [s, n, be, b, t];
          expect(decodeRowKeyWithSchema(schema, encodeRowKeyWithSchema(schema, values))).toEqual(values);
        },
      ),
      RUNS,
    );
  });
});
