// Golden generated sources: the seed's structured key (phone#india#pke5preri2eru#8923695) from hand-written schema
// files, and example entities exported and regenerated (a parent and its child in one module). A change to the
// generator shows here as a diff.
import { describe, it } from 'vitest';
import { DeviceDay } from '../../../examples/device-telemetry.js';
import { Video } from '../../../examples/video-row.js';
import { VideoComment, VideoItem } from '../../../examples/video-comment-rows.js';
import { parseRowKeySchemaFile } from '../../../src/codecs/key/row-key-schema-file.js';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import { exportSchemaFiles } from '../../../src/codegen/files/export-schema-files.js';
import {
  generateEntitiesSource,
  generateEntitySource,
} from '../../../src/codegen/source/generate-entity-source.js';
import { parseFamiliesFile } from '../../../src/codegen/files/parse-families-file.js';
import { expectGolden } from '../../support/golden-file.js';
import { SEED_FAMILIES, SEED_ROW_KEY_SCHEMA } from '../../unit/schema/codegen/seed-device-files.js';

const golden = (name: string): URL => new URL(`./__golden__/${name}`, import.meta.url);

describe('golden generated entity sources', () => {
  it('the seed structured key phone#india#pke5preri2eru#8923695 (decorators and defineEntity)', () => {
    const schema = parseRowKeySchemaFile(SEED_ROW_KEY_SCHEMA);
    const families = parseFamiliesFile(SEED_FAMILIES);
    expectGolden(generateEntitySource(schema, families), golden('seed-device.decorators.ts.txt'));
    expectGolden(
      generateEntitySource(schema, families, { style: 'defineEntity' }),
      golden('seed-device.define-entity.ts.txt'),
    );
  });

  it('DeviceDay of examples/device-telemetry.ts, exported and regenerated', () => {
    const files = exportSchemaFiles(resolveEntity(DeviceDay));
    expectGolden(files.familiesFile, golden('device-day.families.yaml.txt'));
    const source = generateEntitySource(
      parseRowKeySchemaFile(files.rowKeySchemaFile),
      parseFamiliesFile(files.familiesFile),
    );
    expectGolden(source, golden('device-day.decorators.ts.txt'));
  });

  it('VideoItem and VideoComment of examples/video-comment-rows.ts (hierarchical key), exported and regenerated', () => {
    const [item, comment] = [VideoItem, VideoComment as EntityClass].map((cls) =>
      exportSchemaFiles(resolveEntity(cls)),
    );
    expectGolden(comment!.rowKeySchemaFile, golden('video-comment.row-key-schema.yaml.txt'));
    expectGolden(comment!.familiesFile, golden('video-comment.families.yaml.txt'));
    const files = [comment!, item!].map((f) => ({
      rowKeySchema: parseRowKeySchemaFile(f.rowKeySchemaFile),
      families: parseFamiliesFile(f.familiesFile),
    }));
    expectGolden(generateEntitiesSource(files), golden('video-comment.decorators.ts.txt'));
    expectGolden(
      generateEntitiesSource(files, { style: 'defineEntity' }),
      golden('video-comment.define-entity.ts.txt'),
    );
  });

  it('Video of examples/video-row.ts, exported and regenerated with defineEntity', () => {
    const files = exportSchemaFiles(resolveEntity(Video), {
      protobufFiles: { 'media.v1.EncodingStats': 'examples/video-stats.proto' },
    });
    expectGolden(files.rowKeySchemaFile, golden('video.row-key-schema.yaml.txt'));
    expectGolden(files.familiesFile, golden('video.families.yaml.txt'));
    const source = generateEntitySource(
      parseRowKeySchemaFile(files.rowKeySchemaFile),
      parseFamiliesFile(files.familiesFile),
      {
        style: 'defineEntity',
        imports: { 'media.v1.Thumbnail': { from: './media-types.js' }, csv: { from: './codecs.js' } },
      },
    );
    expectGolden(source, golden('video.define-entity.ts.txt'));
  });
});
