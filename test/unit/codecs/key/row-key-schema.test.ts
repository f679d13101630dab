import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../../../src/codecs/key/bytes.js';
import { createKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import type { KeyRange } from '../../../../src/codecs/key/key-codec-types.js';
import type { RowKeySchema } from '../../../../src/codecs/key/row-key-schema.js';
import {
  compileRowKeySchema,
  decodeRowKeyWithSchema,
  encodeRowKeyWithSchema,
} from '../../../../src/codecs/key/row-key-schema.js';
import { rowKeyRangesWithSchema } from '../../../../src/codecs/key/row-key-schema-ranges.js';
import {
  keySegmentsFromRowKeySchema,
  rowKeySchemaForKey,
} from '../../../../src/codecs/key/row-key-schema-segments.js';
import { KeyEncodingError } from '../../../../src/errors/key-encoding-error.js';
import { DELIMITED, ORDERED } from './key-arbitraries.js';

const te = new TextEncoder();
const td = new TextDecoder();
const STRING = { stringType: { encoding: { utf8Bytes: {} } } } as const;
const BYTES = { bytesType: { encoding: { raw: {} } } } as const;
const INT_OC = { int64Type: { encoding: { orderedCodeBytes: {} } } } as const;
const INT_BE = { int64Type: { encoding: { bigEndianBytes: {} } } } as const;

// The seed's structured key: phone#india#pke5preri2eru#8923695 (STRING, STRING, STRING, BYTES; delimiter '#').
const seedSchema: RowKeySchema = {
  fields: [
    { fieldName: 'device_type', type: STRING },
    { fieldName: 'country', type: STRING },
    { fieldName: 'manufacturer_id', type: STRING },
    { fieldName: 'serial_number', type: BYTES },
  ],
  encoding: { delimitedBytes: { delimiter: te.encode('#') } },
};

function limitOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(KeyEncodingError);
    return (error as KeyEncodingError).limit;
  }
  throw new Error('expected a KeyEncodingError');
}

const show = (ranges: KeyRange[]) =>
  ranges.map(
    (r) =>
      `${r.start?.inclusive ? '[' : '('}${r.start ? td.decode(r.start.key) : '-∞'}, ${r.end ? td.decode(r.end.key) : '+∞'}${r.end?.inclusive ? ']' : ')'}`,
  );

describe('schema-level codec (no entity)', () => {
  it('encodes and decodes the seed key', () => {
    const values = ['phone', 'india', 'pke5preri2eru', te.encode('8923695')];
    const key = encodeRowKeyWithSchema(seedSchema, values);
    expect(td.decode(key)).toBe('phone#india#pke5preri2eru#8923695');
    expect(decodeRowKeyWithSchema(seedSchema, key)).toEqual(values);
  });

  it('plans prefix and condition ranges on the seed schema', () => {
    expect(show(rowKeyRangesWithSchema(seedSchema, ['phone', 'india']))).toEqual([
      '[phone#india#, phone#india$)',
    ]);
    expect(show(rowKeyRangesWithSchema(seedSchema, ['phone'], { op: 'startsWith', value: 'ind' }))).toEqual([
      '[phone#ind, phone#ine)',
    ]);
    expect(show(rowKeyRangesWithSchema(seedSchema, ['phone'], { op: 'lt', value: 'india' }))).toEqual([
      '[phone#, phone#india#)',
    ]);
    expect(show(rowKeyRangesWithSchema(seedSchema, ['phone'], { op: 'gt', value: 'india' }))).toEqual([
      '[phone#india$, phone$)',
    ]);
    expect(show(rowKeyRangesWithSchema(seedSchema, []))).toEqual(['(-∞, +∞)']);
  });

  it('handles every struct encoding and int64 layout byte-exactly', () => {
    const oc: RowKeySchema = {
      fields: [
        { fieldName: 'id', type: INT_OC },
        { fieldName: 'be', type: INT_BE },
        {
          fieldName: 't',
          type: { timestampType: { encoding: { unixMicrosInt64: { orderedCodeBytes: {} } } } },
        },
      ],
      encoding: { orderedCodeBytes: {} },
    };
    const key = encodeRowKeyWithSchema(oc, [-1n, 1, new Date(1)]);
    expect(toHex(key)).toBe('7f' + '0001' + '00ff'.repeat(7) + '01' + '0001' + 'c3e8');
    expect(decodeRowKeyWithSchema(oc, key)).toEqual([-1n, 1n, 1000n]);
    expect(decodeRowKeyWithSchema(oc, key, { timestamps: 'date' })).toEqual([-1n, 1n, new Date(1)]);
    const single: RowKeySchema = { fields: [{ fieldName: 'n', type: INT_BE }], encoding: { singleton: {} } };
    expect(toHex(encodeRowKeyWithSchema(single, [258n]))).toBe('0000000000000102');
    expect(decodeRowKeyWithSchema(single, fromHex('0000000000000102'))).toEqual([258n]);
  });

  it('rejects what sorted mode cannot hold', () => {
    const be: RowKeySchema = { fields: [{ fieldName: 'n', type: INT_BE }], encoding: { singleton: {} } };
    expect(limitOf(() => encodeRowKeyWithSchema(be, [-1n]))).toMatch(/non-negative/);
    expect(
      limitOf(() => encodeRowKeyWithSchema(seedSchema, ['a\ud800', 'b', 'c', new Uint8Array(1).fill(0x40)])),
    ).toMatch(/lone surrogate U\+D800 at index 1/);
    // A BigEndianBytes int64 in a delimited key: its zero bytes break the delimiter rule.
    const mixed: RowKeySchema = {
      fields: [{ fieldName: 'n', type: INT_BE }],
      encoding: { delimitedBytes: { delimiter: te.encode('#') } },
    };
    expect(limitOf(() => encodeRowKeyWithSchema(mixed, [1n]))).toBe(
      'byte 0x00 at offset 0 ≤ delimiter[0] 0x23 (sorted-mode delimited key)',
    );
    expect(limitOf(() => encodeRowKeyWithSchema(seedSchema, ['a', 'b']))).toBe('exactly 4 field values');
    expect(limitOf(() => encodeRowKeyWithSchema(seedSchema, [1, 'b', 'c', new Uint8Array(0)]))).toBe(
      'a string',
    );
  });

  it('rejects non-canonical ordered-code keys', () => {
    const two: RowKeySchema = {
      fields: [
        { fieldName: 'a', type: STRING },
        { fieldName: 'b', type: STRING },
      ],
      encoding: { orderedCodeBytes: {} },
    };
    expect(limitOf(() => decodeRowKeyWithSchema(two, fromHex('4100010000')))).toMatch(
      /trailing empty field written out/,
    );
    expect(limitOf(() => decodeRowKeyWithSchema(two, fromHex('410001')))).toMatch(
      /ends with a field separator/,
    );
    expect(limitOf(() => decodeRowKeyWithSchema(two, fromHex('41000142000143')))).toMatch(
      /3 fields where the schema has 2/,
    );
    const n: RowKeySchema = {
      fields: [{ fieldName: 'n', type: INT_OC }],
      encoding: { orderedCodeBytes: {} },
    };
    expect(limitOf(() => decodeRowKeyWithSchema(n, fromHex('c000ff')))).toMatch(/non-canonical length/);
    expect(limitOf(() => decodeRowKeyWithSchema(n, fromHex('8080')))).toMatch(
      /one ordered-code int64 and nothing after it/,
    );
  });

  it('validates the schema itself', () => {
    const d = (delimiter: Uint8Array): RowKeySchema => ({
      fields: [{ fieldName: 'a', type: STRING }],
      encoding: { delimitedBytes: { delimiter } },
    });
    expect(limitOf(() => compileRowKeySchema(d(new Uint8Array(0))))).toBe('a delimiter of 1 to 50 bytes');
    expect(limitOf(() => compileRowKeySchema(d(new Uint8Array(51))))).toBe('a delimiter of 1 to 50 bytes');
    expect(compileRowKeySchema(d(new Uint8Array(50))).structEncoding).toBe('delimited');
    expect(limitOf(() => compileRowKeySchema({ fields: [], encoding: { singleton: {} } }))).toMatch(
      /exactly one field/,
    );
    expect(
      limitOf(() =>
        compileRowKeySchema({
          fields: [{ fieldName: 'a', type: { float64Type: {} } as never }],
          encoding: { orderedCodeBytes: {} },
        }),
      ),
    ).toMatch(/exactly one of stringType, bytesType, int64Type, timestampType/);
    expect(
      limitOf(() =>
        compileRowKeySchema({
          fields: [
            { fieldName: 'a', type: STRING },
            { fieldName: 'a', type: BYTES },
          ],
          encoding: { orderedCodeBytes: {} },
        }),
      ),
    ).toBe('unique field names');
  });
});

describe('entity keys ↔ row-key schema', () => {
  it('exports the stored types (padded numbers and reversed values as STRING in delimited keys)', () => {
    const schema = rowKeySchemaForKey({
      entity: 'Reading',
      segments: [
        { type: 'salt', buckets: 4, of: ['device'] },
        { type: 'literal', value: 'phone', name: 'kind' },
        { type: 'string', name: 'device' },
        { type: 'int64', name: 'n' },
        { type: 'timestamp', name: 't' },
        { type: 'reversedTimestamp', name: 'at' },
        { type: 'reversedInt64', name: 'rid' },
        { type: 'reversedDomain', name: 'host' },
        { type: 'bytes', name: 'raw' },
      ],
      encoding: DELIMITED,
    });
    expect(schema.fields.map((f) => [f.fieldName, Object.keys(f.type)[0]])).toEqual([
      ['salt', 'stringType'],
      ['kind', 'stringType'],
      ['device', 'stringType'],
      ['n', 'stringType'],
      ['t', 'stringType'],
      ['at', 'stringType'],
      ['rid', 'stringType'],
      ['host', 'stringType'],
      ['raw', 'bytesType'],
    ]);
    expect(schema.encoding).toEqual({ delimitedBytes: { delimiter: te.encode('#') } });
  });

  it('exports Bigtable types in ordered-code keys', () => {
    const schema = rowKeySchemaForKey({
      entity: 'Reading',
      segments: [
        { type: 'literal', value: te.encode('R') },
        { type: 'int64', name: 'n', encoding: 'bigEndian' },
        { type: 'timestamp', name: 't' },
        { type: 'reversedTimestamp', name: 'at' },
      ],
      encoding: ORDERED,
    });
    expect(schema).toEqual({
      fields: [
        { fieldName: 'literal_0', type: BYTES },
        { fieldName: 'n', type: INT_BE },
        {
          fieldName: 't',
          type: { timestampType: { encoding: { unixMicrosInt64: { orderedCodeBytes: {} } } } },
        },
        { fieldName: 'at', type: INT_OC },
      ],
      encoding: { orderedCodeBytes: {} },
    });
  });

  it('the entity codec is the schema codec underneath: same bytes', () => {
    const codec = createKeyCodec({
      entity: 'X',
      segments: [
        { type: 'literal', value: 'x' },
        { type: 'int64', name: 'n' },
        { type: 'timestamp', name: 't', as: 'micros' },
      ],
      encoding: ORDERED,
    });
    const key = codec.encode({ n: -3n, t: 7n });
    expect(key).toEqual(encodeRowKeyWithSchema(codec.rowKeySchema, ['x', -3n, 7n]));
    expect(decodeRowKeyWithSchema(codec.rowKeySchema, key)).toEqual(['x', -3n, 7n]);
  });

  it('imports a schema back into segments', () => {
    expect(keySegmentsFromRowKeySchema(seedSchema)).toEqual({
      segments: [
        { type: 'string', name: 'device_type' },
        { type: 'string', name: 'country' },
        { type: 'string', name: 'manufacturer_id' },
        { type: 'bytes', name: 'serial_number' },
      ],
      encoding: { kind: 'delimited', delimiter: te.encode('#') },
    });
    const oc: RowKeySchema = {
      fields: [
        { fieldName: 'key1', type: INT_OC },
        { fieldName: 'key2', type: STRING },
        {
          fieldName: 'at',
          type: { timestampType: { encoding: { unixMicrosInt64: { bigEndianBytes: {} } } } },
        },
      ],
      encoding: { orderedCodeBytes: {} },
    };
    const imported = keySegmentsFromRowKeySchema(oc);
    expect(imported.segments).toEqual([
      { type: 'int64', name: 'key1', encoding: 'orderedCode' },
      { type: 'string', name: 'key2' },
      { type: 'timestamp', name: 'at', as: 'micros', encoding: 'bigEndian' },
    ]);
    const codec = createKeyCodec({ entity: 'Imported', ...imported });
    expect(codec.rowKeySchema).toEqual(oc);
    expect(codec.encode({ key1: 5n, key2: 'a', at: 9n })).toEqual(encodeRowKeyWithSchema(oc, [5n, 'a', 9n]));
  });

  it('refuses schemas with no segment form', () => {
    // The Go example of the seed: an ordered-code int64 inside a delimited key.
    const goExample: RowKeySchema = {
      fields: [
        { fieldName: 'key1', type: INT_OC },
        { fieldName: 'key2', type: STRING },
      ],
      encoding: { delimitedBytes: { delimiter: te.encode('#') } },
    };
    expect(limitOf(() => keySegmentsFromRowKeySchema(goExample))).toMatch(
      /binary int64 fields have no segment form/,
    );
    // … which the schema-level codec still handles, as long as the int64 bytes stay above the delimiter.
    expect(toHex(encodeRowKeyWithSchema(goExample, [35n, 'x']))).toBe('a3' + '23' + '78');
    expect(limitOf(() => encodeRowKeyWithSchema(goExample, [-8193n, 'x']))).toMatch(
      /byte 0x1f at offset 0 ≤ delimiter/,
    );
    expect(
      limitOf(() =>
        keySegmentsFromRowKeySchema({
          fields: [{ fieldName: 'a', type: STRING }],
          encoding: { singleton: {} },
        }),
      ),
    ).toMatch(/Singleton/);
  });
});
