import { describe, expect, it } from 'vitest';
import { createKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import type { RowKeySchema } from '../../../../src/codecs/key/row-key-schema.js';
import { encodeRowKeyWithSchema } from '../../../../src/codecs/key/row-key-schema.js';
import {
  formatRowKeySchemaFile,
  parseRowKeySchemaFile,
} from '../../../../src/codecs/key/row-key-schema-file.js';
import { KeyEncodingError } from '../../../../src/errors/key-encoding-error.js';
import { DELIMITED, ORDERED } from './key-arbitraries.js';

const te = new TextEncoder();

function failure(run: () => unknown): KeyEncodingError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(KeyEncodingError);
    return error as KeyEncodingError;
  }
  throw new Error('expected a KeyEncodingError');
}

const device = createKeyCodec({
  entity: 'Device',
  segments: [
    { type: 'literal', value: 'phone' },
    { type: 'string', name: 'country' },
    { type: 'int64', name: 'serial', width: 8 },
  ],
  encoding: DELIMITED,
});

// `gcloud bigtable tables describe` output as shown in the seed "Manage row key schemas" (verbatim).
const SEED_DESCRIBE = `columnFamilies:
  cf: {}
createTime: '2025-05-28T17:25:39.433058Z'
granularity: MILLIS
name: projects/<project>/instances/<instance>/tables/<table>
rowKeySchema:
  encoding:
    delimitedBytes:
      delimiter: Iw==
  fields:
  - fieldName: <field_name_1>
    type:
      stringType:
        encoding:
          utf8Bytes: {}
  - fieldName: <field_name_2>
    type:
      intType:
        encoding:
          bigEndianBytes: {}
  - fieldName: <field_name_3>
    type:
      timestampType:
        encoding:
          unixMicrosInt64: {
              encoding: {
                  orderedCodeBytes: {}
              }
          }
updateTime: '2025-05-28T17:25:39.433058Z'
`;

// The seed's example schema files (verbatim). Both contain mistakes that gcloud would reject too.
const SEED_YAML = `fields:
  - field_name: "user_id"
    type:
      bytesType:
        encoding:
          raw: {}
  - fieldBame: "purchase_date"
    type:
      stringType:
        encoding:
          utf8Bytes: {}
  - fieldName: "order_number"
    type:
      bytes_type:
        encoding:
          utf8Bytes: {}
encoding:
  delimited_bytes:
    delimiter: "#"
`;

const SEED_JSON = `{
  "fields": [
    { "fieldName": "user_id", "type": { "bytesType": { "encoding": { "raw": {} } } } },
    { "fieldName": "purchase_date", "type": { "stringType": { "encoding": { "utf8Bytes": {} } } } },
    { "fieldName": "order_number", "type": { "bytesType": { "encoding": { "utf8Bytes": {} } } } }
  ],
  "encoding": { "delimitedBytes": { "delimiter": "#" } }
}`;

describe('gcloud row-key schema files', () => {
  it('writes YAML with a base64 delimiter (for --row-key-schema-pre-encoded-bytes)', () => {
    expect(formatRowKeySchemaFile(device.rowKeySchema)).toBe(`fields:
  - fieldName: literal_0
    type:
      stringType:
        encoding:
          utf8Bytes: {}
  - fieldName: country
    type:
      stringType:
        encoding:
          utf8Bytes: {}
  - fieldName: serial
    type:
      stringType:
        encoding:
          utf8Bytes: {}
encoding:
  delimitedBytes:
    delimiter: Iw==
`);
  });

  it('writes JSON, with the delimiter as text on request', () => {
    const json = JSON.parse(
      formatRowKeySchemaFile(device.rowKeySchema, { format: 'json', bytes: 'text' }),
    ) as unknown;
    expect(json).toEqual({
      fields: [
        { fieldName: 'literal_0', type: { stringType: { encoding: { utf8Bytes: {} } } } },
        { fieldName: 'country', type: { stringType: { encoding: { utf8Bytes: {} } } } },
        { fieldName: 'serial', type: { stringType: { encoding: { utf8Bytes: {} } } } },
      ],
      encoding: { delimitedBytes: { delimiter: '#' } },
    });
  });

  it('round-trips every encoding through both formats', () => {
    const schemas: RowKeySchema[] = [
      device.rowKeySchema,
      createKeyCodec({
        entity: 'E',
        segments: [
          { type: 'literal', value: te.encode('E') },
          { type: 'int64', name: 'n', encoding: 'bigEndian' },
          { type: 'timestamp', name: 't' },
          { type: 'reversedInt64', name: 'r' },
        ],
        encoding: ORDERED,
      }).rowKeySchema,
      {
        fields: [{ fieldName: 'id', type: { bytesType: { encoding: { raw: {} } } } }],
        encoding: { singleton: {} },
      },
      {
        fields: [{ fieldName: 'id', type: { stringType: { encoding: { utf8Bytes: {} } } } }],
        encoding: { delimitedBytes: { delimiter: Uint8Array.of(0x00, 0xff, 0x23) } },
      },
    ];
    for (const schema of schemas) {
      for (const format of ['yaml', 'json'] as const) {
        expect(parseRowKeySchemaFile(formatRowKeySchemaFile(schema, { format }))).toEqual(schema);
      }
    }
  });

  it('reads the seed describe output (rowKeySchema section, intType, wrapped unixMicrosInt64)', () => {
    const schema = parseRowKeySchemaFile(SEED_DESCRIBE);
    expect(schema).toEqual({
      fields: [
        { fieldName: '<field_name_1>', type: { stringType: { encoding: { utf8Bytes: {} } } } },
        { fieldName: '<field_name_2>', type: { int64Type: { encoding: { bigEndianBytes: {} } } } },
        {
          fieldName: '<field_name_3>',
          type: { timestampType: { encoding: { unixMicrosInt64: { orderedCodeBytes: {} } } } },
        },
      ],
      encoding: { delimitedBytes: { delimiter: te.encode('#') } },
    });
  });

  it('reads snake_case keys and a text delimiter', () => {
    const schema = parseRowKeySchemaFile(
      `fields:\n  - field_name: a\n    type: { string_type: { encoding: { utf8_bytes: {} } } }\nencoding:\n  delimited_bytes:\n    delimiter: "#"\n`,
      { bytes: 'text' },
    );
    expect(new TextDecoder().decode(encodeRowKeyWithSchema(schema, ['x']))).toBe('x');
    expect(schema.encoding).toEqual({ delimitedBytes: { delimiter: te.encode('#') } });
  });

  it('rejects the seed example files where they are wrong, naming the place', () => {
    expect(failure(() => parseRowKeySchemaFile(SEED_YAML, { bytes: 'text' })).field).toBe(
      'fields[1].fieldBame',
    );
    const fixedYaml = SEED_YAML.replace('fieldBame', 'fieldName');
    expect(failure(() => parseRowKeySchemaFile(fixedYaml, { bytes: 'text' })).field).toBe(
      'fields[2].type.bytesType.encoding.utf8Bytes',
    );
    expect(failure(() => parseRowKeySchemaFile(SEED_JSON, { bytes: 'text' })).field).toBe(
      'fields[2].type.bytesType.encoding.utf8Bytes',
    );
    const fixedJsonText = SEED_JSON.replace(
      '"bytesType": { "encoding": { "utf8Bytes": {} } }',
      '"bytesType": { "encoding": { "raw": {} } }',
    );
    const fixedJson = parseRowKeySchemaFile(fixedJsonText, { bytes: 'text' });
    expect(fixedJson.fields.map((f) => f.fieldName)).toEqual(['user_id', 'purchase_date', 'order_number']);
    // A text delimiter read as base64 is refused with a hint.
    expect(failure(() => parseRowKeySchemaFile(fixedJsonText)).limit).toMatch(/base64.*bytes: 'text'/);
  });

  it('rejects invalid documents', () => {
    expect(failure(() => parseRowKeySchemaFile('{ nope')).limit).toMatch(/valid JSON/);
    expect(failure(() => parseRowKeySchemaFile('fields: [\n')).limit).toMatch(/valid YAML/);
    expect(
      failure(() => parseRowKeySchemaFile('fields: []\nencoding: { delimitedBytes: { delimiter: "" } }'))
        .field,
    ).toBe('encoding.delimitedBytes.delimiter');
    expect(failure(() => parseRowKeySchemaFile('fields: []\nencoding: { singleton: {} }')).limit).toMatch(
      /exactly one field/,
    );
    expect(
      failure(() =>
        parseRowKeySchemaFile(
          'fields:\n  - fieldName: a\n    type: { stringType: {} }\nencoding: { orderedCodeBytes: {} }',
        ),
      ).field,
    ).toBe('fields[0].type.stringType.encoding');
  });
});
