// The generator lays out code as prettier would; these cases push lines past 110 columns and check that prettier
// leaves the output unchanged. The full example of docs/codegen.md must parse and generate.
import { readFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { parseRowKeySchemaFile } from '../../../../src/codecs/key/row-key-schema-file.js';
import { generateEntitySource } from '../../../../src/codegen/source/generate-entity-source.js';
import { parseFamiliesFile } from '../../../../src/codegen/files/parse-families-file.js';
import { SEED_ROW_KEY_SCHEMA } from './seed-device-files.js';

async function expectPrettierStable(source: string): Promise<void> {
  const here = new URL('./generated.ts', import.meta.url).pathname;
  const config = await prettier.resolveConfig(here);
  expect(config?.printWidth).toBe(110);
  expect(await prettier.format(source, { ...config, parser: 'typescript' })).toBe(source);
}

const LONG = `
table: a_table_with_a_rather_long_identifier_for_tests
entity: LongNames
key:
  deviceType: { type: int64, width: 12, as: number }
families:
  a_family_with_a_long_name_to_push_the_family_decorator_over_it:
    gc:
      union:
        - { intersection: [{ maxVersions: 1000 }, { maxAge: 123456789ms }] }
        - { intersection: [{ maxVersions: 2000 }, { maxAge: 987654321ms }] }
        - { maxAge: 30d }
    columns:
      - property: aPropertyWithAVeryLongNameIndeed
        qualifier: a_qualifier_with_a_very_long_name_as_well_to_push_it_over
        codec: { protobuf: com.example.some.deeply.nested.package.v1.SomeMessageType, file: protos/some/deeply/nested/file.proto, output: message }
        optional: true
        nullable: true
        versioned: true
  m:
    map: { property: aMapWithAVeryVeryLongPropertyNameThatGoesOnAndOn, key: { custom: someCustomKeyCodecWithALongName }, value: { protobuf: com.example.v1.AValueMessageTypeWithALongName } }
`;

describe('generated layout', () => {
  for (const style of ['decorators', 'defineEntity'] as const) {
    it(`long lines break as prettier breaks them (${style})`, async () => {
      const source = generateEntitySource(
        parseRowKeySchemaFile(SEED_ROW_KEY_SCHEMA),
        parseFamiliesFile(LONG),
        {
          style,
          imports: {
            someCustomKeyCodecWithALongName: {
              from: './a/module/path/that/is/also/quite/long/to/break/the/import.js',
            },
            'com.example.v1.AValueMessageTypeWithALongName': { from: './types.js' },
          },
        },
      );
      await expectPrettierStable(source);
    });
  }

  it('the full example of docs/codegen.md parses and generates', async () => {
    const doc = readFileSync(new URL('../../../../docs/codegen.md', import.meta.url), 'utf8');
    const yaml = /```yaml\n([\s\S]*?)```/.exec(doc)![1]!;
    const file = parseFamiliesFile(yaml);
    expect(file.families.map((f) => f.name)).toEqual([
      'stats_summary',
      'readings',
      'tags',
      'firmwareHistory',
      'counters',
      'views',
      'meta',
    ]);
    const schema = parseRowKeySchemaFile(`
fields:
  - { fieldName: literal_0, type: { stringType: { encoding: { utf8Bytes: {} } } } }
  - { fieldName: country, type: { stringType: { encoding: { utf8Bytes: {} } } } }
  - { fieldName: serial, type: { bytesType: { encoding: { raw: {} } } } }
encoding: { delimitedBytes: { delimiter: Iw== } }
`);
    const source = generateEntitySource(schema, file, { imports: { latLng: { from: './geo.js' } } });
    expect(source).toContain("@Entity({ table: 'devices', prefix: 'phone' })");
    await expectPrettierStable(source);
  });
});
