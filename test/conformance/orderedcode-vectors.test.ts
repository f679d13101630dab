import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../src/codecs/key/bytes.js';
import { orderedCode, type OrderedCodeDirection } from '../../src/codecs/key/ordered-code.js';
import {
  decodeOrderedCodeStruct,
  encodeOrderedCodeStruct,
} from '../../src/codecs/key/ordered-code-struct.js';
import { decodeRowKeyWithSchema, encodeRowKeyWithSchema } from '../../src/codecs/key/row-key-schema.js';
import type { RowKeySchema } from '../../src/codecs/key/row-key-schema.js';
import { KeyEncodingError } from '../../src/errors/key-encoding-error.js';
import { readVectorFile } from './read-vector-file.js';

interface SingleItem {
  type: 'string' | 'int64' | 'uint64' | 'float64' | 'infinity';
  value: string;
  value_hex?: string;
  increasing_hex: string;
  decreasing_hex: string;
}

interface Vectors {
  go_orderedcode: {
    single_items: SingleItem[];
    incr_decr_sequence: {
      items: { type: 'uint64'; value: string; order: 'incr' | 'decr' }[];
      expected_hex: string;
    };
    trailing_string: { cases_hex: string[] };
    corrupt_inputs_hex: Record<'string' | 'infinity' | 'float64' | 'int64' | 'uint64', string[]> & {
      string_or_infinity_sequence: string;
    };
  };
  beam_java_orderedcode: {
    unsigned_num: { cases: { unsigned_value: string; increasing_hex: string; decreasing_hex: string }[] };
    bytes: { cases: { value_hex: string; increasing_hex: string; decreasing_hex: string }[] };
    signed_num_increasing: { cases: { value: string; increasing_hex: string }[] };
    signed_encoding_length: { cases: { value: string; length: number }[] };
    edge_encodings: Record<string, string>;
  };
  bigtable_struct_ordered_code: {
    proto_comment_examples: { cases: { struct: string; field_bytes_hex: string[]; expected_hex: string }[] };
  };
}

// Google's vectors, vendored unchanged (see vectors/SOURCES.md).
const vectors = readVectorFile('orderedcode-vectors.json') as Vectors;
const go = vectors.go_orderedcode;
const beam = vectors.beam_java_orderedcode;
const DIRECTIONS: readonly OrderedCodeDirection[] = ['increasing', 'decreasing'];

function encodeItem(item: SingleItem, direction: OrderedCodeDirection): Uint8Array {
  switch (item.type) {
    case 'string':
      return orderedCode.encodeString(fromHex(item.value_hex!), direction);
    case 'int64':
      return orderedCode.encodeInt64(BigInt(item.value), direction);
    case 'uint64':
      return orderedCode.encodeUint64(BigInt(item.value), direction);
    case 'infinity':
      return orderedCode.encodeInfinity(direction);
    case 'float64': {
      const view = new DataView(fromHex(item.value_hex!).buffer);
      return orderedCode.encodeFloat64(view.getFloat64(0), direction);
    }
  }
}

function decodeItem(item: SingleItem, bytes: Uint8Array, direction: OrderedCodeDirection): unknown {
  switch (item.type) {
    case 'string':
      return toHex(orderedCode.decodeString(bytes, 0, direction).value);
    case 'int64':
      return orderedCode.decodeInt64(bytes, 0, direction).value.toString();
    case 'uint64':
      return orderedCode.decodeUint64(bytes, 0, direction).value.toString();
    case 'infinity':
      return orderedCode.decodeInfinity(bytes, 0, direction).value;
    case 'float64': {
      const view = new DataView(new ArrayBuffer(8));
      view.setFloat64(0, orderedCode.decodeFloat64(bytes, 0, direction).value);
      return toHex(new Uint8Array(view.buffer));
    }
  }
}

function expectedDecoded(item: SingleItem): unknown {
  switch (item.type) {
    case 'string':
      return item.value_hex;
    case 'int64':
    case 'uint64':
      return BigInt(item.value).toString();
    case 'infinity':
      return Infinity;
    case 'float64':
      // -0 and +0 share the encoding 80; it decodes as +0.
      return item.value_hex === '8000000000000000' ? '0000000000000000' : item.value_hex;
  }
}

describe('OrderedCode conformance (google/orderedcode, Apache Beam, Bigtable types.proto)', () => {
  it('reads the vendored vector file', () => {
    expect(go.single_items.length).toBeGreaterThan(100);
  });

  describe('Go single items: encode, decode, both directions', () => {
    for (const [i, item] of go.single_items.entries()) {
      it(`#${i} ${item.type} ${item.value}`, () => {
        for (const direction of DIRECTIONS) {
          const hex = direction === 'increasing' ? item.increasing_hex : item.decreasing_hex;
          expect(toHex(encodeItem(item, direction))).toBe(hex);
          const bytes = fromHex(hex);
          expect(decodeItem(item, bytes, direction)).toEqual(expectedDecoded(item));
          // The decoder consumes exactly the item.
          const next =
            item.type === 'string'
              ? orderedCode.decodeString(bytes, 0, direction).next
              : item.type === 'infinity'
                ? orderedCode.decodeInfinity(bytes, 0, direction).next
                : item.type === 'uint64'
                  ? orderedCode.decodeUint64(bytes, 0, direction).next
                  : orderedCode.decodeInt64(bytes, 0, direction).next;
          expect(next).toBe(bytes.length);
        }
      });
    }
  });

  it('Go TestIncrDecr: a mixed-direction uint64 sequence', () => {
    const parts = go.incr_decr_sequence.items.map((it) =>
      orderedCode.encodeUint64(BigInt(it.value), it.order === 'incr' ? 'increasing' : 'decreasing'),
    );
    const all = Uint8Array.from(parts.flatMap((p) => [...p]));
    expect(toHex(all)).toBe(go.incr_decr_sequence.expected_hex);
    let offset = 0;
    for (const it of go.incr_decr_sequence.items) {
      const read = orderedCode.decodeUint64(all, offset, it.order === 'incr' ? 'increasing' : 'decreasing');
      expect(read.value).toBe(BigInt(it.value));
      offset = read.next;
    }
    expect(offset).toBe(all.length);
  });

  it('Go TestTrailingString: raw bytes, inverted when decreasing', () => {
    for (const hex of go.trailing_string.cases_hex) {
      const value = fromHex(hex);
      expect(toHex(orderedCode.encodeTrailingString(value))).toBe(hex);
      const dec = orderedCode.encodeTrailingString(value, 'decreasing');
      expect(toHex(dec)).toBe(toHex(value.map((b) => ~b & 0xff)));
      expect(toHex(orderedCode.decodeTrailingString(dec, 0, 'decreasing').value)).toBe(hex);
      // After a string item, the trailing string is whatever remains.
      const seq = Uint8Array.from([...orderedCode.encodeString(fromHex('61')), ...value]);
      const first = orderedCode.decodeString(seq);
      expect(toHex(orderedCode.decodeTrailingString(seq, first.next).value)).toBe(hex);
    }
  });

  describe('Go TestCorrupt: each input fails to parse as its type', () => {
    const decoders = {
      string: (b: Uint8Array) => orderedCode.decodeString(b),
      infinity: (b: Uint8Array) => orderedCode.decodeInfinity(b),
      float64: (b: Uint8Array) => orderedCode.decodeFloat64(b),
      int64: (b: Uint8Array) => orderedCode.decodeInt64(b),
      uint64: (b: Uint8Array) => orderedCode.decodeUint64(b),
    } as const;
    for (const type of ['string', 'infinity', 'float64', 'int64', 'uint64'] as const) {
      for (const hex of go.corrupt_inputs_hex[type]) {
        it(`${type} '${hex}'`, () => {
          expect(() => decoders[type](fromHex(hex))).toThrow(KeyEncodingError);
        });
      }
    }

    it('string-or-infinity sequence: "foo", infinity, then a corrupt item', () => {
      const bytes = fromHex(go.corrupt_inputs_hex.string_or_infinity_sequence);
      const first = orderedCode.decodeString(bytes);
      expect(new TextDecoder().decode(first.value)).toBe('foo');
      const second = orderedCode.decodeInfinity(bytes, first.next);
      expect(() => orderedCode.decodeString(bytes, second.next)).toThrow(KeyEncodingError);
      expect(() => orderedCode.decodeInfinity(bytes, second.next)).toThrow(KeyEncodingError);
    });
  });

  describe('Beam (C++-derived) vectors', () => {
    it('unsigned numbers, both directions', () => {
      for (const c of beam.unsigned_num.cases) {
        const v = BigInt(c.unsigned_value);
        expect(toHex(orderedCode.encodeUint64(v))).toBe(c.increasing_hex);
        expect(toHex(orderedCode.encodeUint64(v, 'decreasing'))).toBe(c.decreasing_hex);
        expect(orderedCode.decodeUint64(fromHex(c.increasing_hex)).value).toBe(v);
        expect(orderedCode.decodeUint64(fromHex(c.decreasing_hex), 0, 'decreasing').value).toBe(v);
      }
    });

    it('bytes, both directions', () => {
      for (const c of beam.bytes.cases) {
        const v = fromHex(c.value_hex);
        expect(toHex(orderedCode.encodeString(v))).toBe(c.increasing_hex);
        expect(toHex(orderedCode.encodeString(v, 'decreasing'))).toBe(c.decreasing_hex);
        expect(toHex(orderedCode.decodeString(fromHex(c.increasing_hex)).value)).toBe(c.value_hex);
        expect(toHex(orderedCode.decodeString(fromHex(c.decreasing_hex), 0, 'decreasing').value)).toBe(
          c.value_hex,
        );
      }
    });

    it('signed numbers, increasing', () => {
      for (const c of beam.signed_num_increasing.cases) {
        expect(toHex(orderedCode.encodeInt64(BigInt(c.value)))).toBe(c.increasing_hex);
        expect(orderedCode.decodeInt64(fromHex(c.increasing_hex)).value).toBe(BigInt(c.value));
      }
    });

    it('signed encoding lengths', () => {
      for (const c of beam.signed_encoding_length.cases) {
        expect(orderedCode.encodeInt64(BigInt(c.value)).length).toBe(c.length);
      }
      expect(orderedCode.encodeInt64((1n << 62n) - 1n).length).toBe(9);
    });

    it('edge encodings', () => {
      const e = beam.edge_encodings;
      expect(toHex(orderedCode.encodeString(Uint8Array.of(0xff)))).toBe(e.ff_byte_string);
      expect(toHex(orderedCode.encodeString(Uint8Array.of(0x00)))).toBe(e.null_byte_string);
      expect(toHex(orderedCode.encodeInfinity())).toBe(e.infinity_increasing);
      expect(toHex(orderedCode.encodeInfinity('decreasing'))).toBe(e.infinity_decreasing);
      expect(() => orderedCode.decodeString(fromHex(e.invalid_bytes_for_readBytes!))).toThrow(
        KeyEncodingError,
      );
    });
  });

  describe('Bigtable Struct.OrderedCodeBytes examples (types.proto)', () => {
    for (const c of vectors.bigtable_struct_ordered_code.proto_comment_examples.cases) {
      it(`${c.struct} → ${c.expected_hex}`, () => {
        const fields = c.field_bytes_hex.map(fromHex);
        expect(toHex(encodeOrderedCodeStruct(fields))).toBe(c.expected_hex);
        const decoded = decodeOrderedCodeStruct(fromHex(c.expected_hex), fields.length);
        expect(Array.isArray(decoded) ? decoded.map(toHex) : decoded).toEqual(c.field_bytes_hex);
        // The same through the schema-level codec with STRING utf8 fields.
        if (fields.length > 0) {
          const schema: RowKeySchema = {
            fields: fields.map((_, i) => ({
              fieldName: `f${i}`,
              type: { stringType: { encoding: { utf8Bytes: {} } } },
            })),
            encoding: { orderedCodeBytes: {} },
          };
          const strings = fields.map((f) => new TextDecoder().decode(f));
          expect(toHex(encodeRowKeyWithSchema(schema, strings))).toBe(c.expected_hex);
          expect(decodeRowKeyWithSchema(schema, fromHex(c.expected_hex))).toEqual(strings);
        }
      });
    }
  });
});
