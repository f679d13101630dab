// Lint on the schema files codegen consumes (row-key schema file + families file): the same findings as on the
// entity the files describe, and silences with reasons written in the families file.
import { describe, expect, it } from 'vitest';
import { examples } from '../../../../examples/examples.js';
import { VideoComment } from '../../../../examples/video-comment-rows.js';
import { parseRowKeySchemaFile } from '../../../../src/codecs/key/row-key-schema-file.js';
import { MetadataError } from '../../../../src/errors/metadata-error.js';
import { getEntityMetadata, resolveEntity } from '../../../../src/metadata/index.js';
import { exportSchemaFiles } from '../../../../src/codegen/files/export-schema-files.js';
import { formatFamiliesFile } from '../../../../src/codegen/files/format-families-file.js';
import { parseFamiliesFile } from '../../../../src/codegen/files/parse-families-file.js';
import { lintEntities } from '../../../../src/lint/lint-entities.js';
import { lintSchemaFiles } from '../../../../src/lint/lint-schema-files.js';
import { videoWithDecorators, videoWithDefineEntity } from '../../../fixtures/entities/video-entity.js';
import { SEED_FAMILIES, SEED_ROW_KEY_SCHEMA } from '../codegen/seed-device-files.js';

const entities = [
  ...examples.flatMap((e) => e.entities).map((cls) => getEntityMetadata(cls)),
  resolveEntity(videoWithDecorators('lint_files_video')),
  resolveEntity(videoWithDefineEntity('lint_files_video_defined')),
];

/** A sequential id first, a raw-bytes part, a counter without GC: three findings to silence. */
const ORDERS_ROW_KEY = `
fields:
  - fieldName: orderId
    type: { intType: { encoding: { bigEndianBytes: {} } } }
  - fieldName: blob
    type: { bytesType: { encoding: { raw: {} } } }
encoding:
  orderedCodeBytes: {}
`;
const orders = (lint: string): string => `
table: orders
entity: Order
families:
  c:
    counters:
      - { property: hits }
${lint}`;
const ids = (families: string): string[] =>
  lintSchemaFiles([
    { rowKeySchema: parseRowKeySchemaFile(ORDERS_ROW_KEY), families: parseFamiliesFile(families) },
  ])
    .map((f) => `${f.ruleId} ${f.severity}`)
    .sort();

describe('lintSchemaFiles', () => {
  it.each(entities.map((m) => [`${m.name} (table ${m.table})`, m] as const))(
    '%s: the files give the findings the entity gives (ids, severity, messages, fixes)',
    (_name, meta) => {
      // A child entity is linted with its parent chain, whose files it needs.
      const chain = [meta];
      while (chain[0]!.parent !== undefined) chain.unshift(getEntityMetadata(chain[0]!.parent));
      const fromFiles = lintSchemaFiles(
        chain.map((m) => {
          const files = exportSchemaFiles(m);
          return {
            rowKeySchema: parseRowKeySchemaFile(files.rowKeySchemaFile),
            families: parseFamiliesFile(files.familiesFile),
          };
        }),
      );
      expect(fromFiles).toEqual(lintEntities(chain));
    },
  );

  it("a child entity's files need its parent's files: alone they are a MetadataError naming the parent", () => {
    const comment = exportSchemaFiles(getEntityMetadata(VideoComment));
    const alone = () =>
      lintSchemaFiles([
        {
          rowKeySchema: parseRowKeySchemaFile(comment.rowKeySchemaFile),
          families: parseFamiliesFile(comment.familiesFile),
          source: 'schema/video-comment.families.yaml',
        },
      ]);
    expect(alone).toThrow(MetadataError);
    expect(alone).toThrow(
      'VideoComment.parent: schema/video-comment.families.yaml: parent "VideoItem" is none of the entities',
    );
  });

  it('finds what a schema file gets wrong, before any code is generated', () => {
    expect(ids(orders(''))).toEqual([
      'gc-counter-unbounded warning',
      'key-raw-bytes warning',
      'key-sequential-id-first warning',
      'key-size-unbounded info',
    ]);
    const seed = lintSchemaFiles([
      {
        rowKeySchema: parseRowKeySchemaFile(SEED_ROW_KEY_SCHEMA),
        families: parseFamiliesFile(SEED_FAMILIES),
      },
    ]);
    expect(seed.map((f) => `${f.entity}.${f.property ?? ''} ${f.ruleId}`).sort()).toEqual([
      'Device.deviceType, country, manufacturerId, serialNumber key-size-unbounded',
      'Device.serialNumber key-raw-bytes',
      'Device.tags gc-qualifiers-unbounded',
    ]);
  });

  it("silences with the families file's lint section, each with its reason; bounds count", () => {
    const lint = `lint:
  allow:
    key-sequential-id-first: order ids are random 63-bit numbers, not a sequence
    key-raw-bytes: blob is a 16-byte id printed as hex by our tools
  maxBytes: { blob: 16 }
`;
    expect(ids(orders(lint))).toEqual(['gc-counter-unbounded warning']);
  });

  it('a silence without a reason or of an unknown rule is itself a finding', () => {
    const lint = `lint:
  allow:
    key-raw-bytes: ''
    no-such-rule: because
`;
    expect(ids(orders(lint))).toEqual([
      'gc-counter-unbounded warning',
      'key-raw-bytes warning',
      'key-sequential-id-first warning',
      'key-size-unbounded info',
      'lint-silence-unused info',
      'lint-silence-without-reason warning',
    ]);
  });

  it('files that describe no valid entity are a MetadataError naming the problem, not findings', () => {
    const families = parseFamiliesFile(
      orders('').replace('families:', 'key:\n  nope: { literal: x }\nfamilies:'),
    );
    expect(() =>
      lintSchemaFiles([{ rowKeySchema: parseRowKeySchemaFile(ORDERS_ROW_KEY), families }]),
    ).toThrow(/key hint "nope" names no field of the row-key schema/);
  });

  it('the lint section round-trips through formatFamiliesFile, and a wrong one is a parse error', () => {
    const file = parseFamiliesFile(
      orders('lint:\n  allow: { key-raw-bytes: hex ids }\n  maxBytes: { blob: 16 }\n'),
    );
    expect(file.lint).toEqual({ allow: { 'key-raw-bytes': 'hex ids' }, maxBytes: { blob: 16 } });
    expect(parseFamiliesFile(formatFamiliesFile(file))).toEqual(file);
    const bad = (): unknown =>
      parseFamiliesFile(orders('lint:\n  allow: { key-raw-bytes: 3 }\n  maxBytes: { blob: -1 }\n  x: 1\n'));
    expect(bad).toThrow(MetadataError);
    expect(() => bad()).toThrow(/lint\.allow\.key-raw-bytes: expected the reason as text/);
    expect(() => bad()).toThrow(/lint\.maxBytes\.blob: expected a positive integer/);
    expect(() => bad()).toThrow(/lint\.x: unknown key/);
  });
});
