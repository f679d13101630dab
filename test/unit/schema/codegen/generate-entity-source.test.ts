import { describe, expect, it } from 'vitest';
import { parseRowKeySchemaFile } from '../../../../src/codecs/key/row-key-schema-file.js';
import { MetadataError } from '../../../../src/errors/metadata-error.js';
import { generateEntitySource } from '../../../../src/codegen/source/generate-entity-source.js';
import type { GenerateEntitySourceOptions } from '../../../../src/codegen/source/generate-entity-source.js';
import { parseFamiliesFile } from '../../../../src/codegen/files/parse-families-file.js';
import { SEED_FAMILIES, SEED_ROW_KEY_SCHEMA } from './seed-device-files.js';

const KEY = `
fields:
  - { fieldName: kind, type: { stringType: { encoding: { utf8Bytes: {} } } } }
  - { fieldName: id, type: { stringType: { encoding: { utf8Bytes: {} } } } }
encoding: { delimitedBytes: { delimiter: Iw== } }
`;

function problems(key: string, families: string, options: GenerateEntitySourceOptions = {}): string[] {
  try {
    generateEntitySource(parseRowKeySchemaFile(key), parseFamiliesFile(families), options);
  } catch (error) {
    expect(error).toBeInstanceOf(MetadataError);
    return (error as MetadataError).problems.map((p) => `${p.property ?? '-'}: ${p.message}`);
  }
  return expect.fail('expected a MetadataError');
}

describe('generateEntitySource', () => {
  it('is deterministic', () => {
    const schema = parseRowKeySchemaFile(SEED_ROW_KEY_SCHEMA);
    const file = parseFamiliesFile(SEED_FAMILIES);
    expect(generateEntitySource(schema, file)).toBe(generateEntitySource(schema, file));
  });

  it('needs an import for protobuf types without a file and for user codecs', () => {
    const families = `
table: t
entity: T
families:
  d:
    columns:
      - { property: thumb, codec: { protobuf: media.v1.Thumbnail } }
      - { property: point, codec: { custom: point32 } }
`;
    expect(problems(KEY, families)).toEqual([
      'thumb: needs an import for "media.v1.Thumbnail": pass imports: { "media.v1.Thumbnail": { from } }',
      'point: needs an import for "point32": pass imports: { "point32": { from } }',
    ]);
    const source = generateEntitySource(parseRowKeySchemaFile(KEY), parseFamiliesFile(families), {
      imports: {
        'media.v1.Thumbnail': { from: './types.js' },
        point32: { from: './codecs.js', name: 'pointCodec' },
      },
      packageName: '@acme/bigtable-mapper',
    });
    expect(source).toContain("import { pointCodec } from './codecs.js';");
    expect(source).toContain("import { Thumbnail } from './types.js';");
    expect(source).toContain("} from '@acme/bigtable-mapper/decorators';");
  });

  it('refuses key hints that name no field or change the stored key', () => {
    const families = (key: string) => `table: t\nentity: T\nkey: ${key}\nfamilies: {}\n`;
    expect(problems(KEY, families('{ nope: { type: int64 } }'))).toEqual([
      '-: key hint "nope" names no field of the row-key schema',
    ]);
    // A literal must keep its default field name (literal_<index>); the entity form cannot rename it.
    expect(problems(KEY, families('{ kind: { literal: video } }'))).toEqual([
      '-: the key hints change the stored key: literal and salt fields must keep their default names (literal_<index>, salt) and each hint must store the type its row-key schema field declares',
    ]);
    expect(problems(KEY, families('{ id: { type: bytes } }'))).toHaveLength(1);
  });

  it('refuses a Singleton or binary-int64 delimited schema, and non-identifier properties', () => {
    const singleton = `
fields:
  - { fieldName: id, type: { stringType: { encoding: { utf8Bytes: {} } } } }
encoding: { singleton: {} }
`;
    expect(problems(singleton, 'table: t\nentity: T\nfamilies: {}\n')[0]).toMatch(
      /^-: row-key schema has no entity form: .*Singleton keys have no entity form/,
    );
    const families = `
table: t
entity: T
families:
  d:
    columns: [{ property: os-build, codec: string }]
`;
    expect(problems(KEY, families)).toEqual([
      'os-build: is not an identifier; rename the property in the file',
    ]);
  });
});
