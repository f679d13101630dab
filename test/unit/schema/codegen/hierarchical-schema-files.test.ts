// A child entity's schema files (@Entity({ parent, literal })): the families file names the parent and the literal,
// the row-key schema file keeps the whole key; every way the files can disagree is one MetadataError naming the
// families file, the entity and the value.
import { describe, expect, it } from 'vitest';
import { VideoComment, VideoItem } from '../../../../examples/video-comment-rows.js';
import { parseRowKeySchemaFile } from '../../../../src/codecs/key/row-key-schema-file.js';
import { MetadataError } from '../../../../src/errors/metadata-error.js';
import type { EntityClass } from '../../../../src/metadata/entity-metadata.js';
import { resolveEntity } from '../../../../src/metadata/resolve-entity.js';
import { exportSchemaFiles } from '../../../../src/codegen/files/export-schema-files.js';
import type { FamiliesFile, SchemaFilesInput } from '../../../../src/codegen/files/families-file-types.js';
import { formatFamiliesFile } from '../../../../src/codegen/files/format-families-file.js';
import {
  generateEntitiesSource,
  generateEntitySource,
} from '../../../../src/codegen/source/generate-entity-source.js';
import { parseFamiliesFile } from '../../../../src/codegen/files/parse-families-file.js';
import { schemaFilesEntities } from '../../../../src/codegen/files/schema-files-metadata.js';

function exported(cls: EntityClass, source: string): SchemaFilesInput {
  const files = exportSchemaFiles(resolveEntity(cls));
  return {
    rowKeySchema: parseRowKeySchemaFile(files.rowKeySchemaFile),
    families: parseFamiliesFile(files.familiesFile),
    source,
  };
}
const video = exported(VideoItem, 'video-item.families.yaml');
const comment = exported(VideoComment, 'video-comment.families.yaml');
const withFamilies = (files: SchemaFilesInput, change: Partial<FamiliesFile>): SchemaFilesInput => ({
  ...files,
  families: { ...files.families, ...change },
});

function problems(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MetadataError);
    return (error as MetadataError).problems.map(
      (p) => `${p.entity}${p.property === undefined ? '' : `.${p.property}`}: ${p.message}`,
    );
  }
  return expect.fail('expected a MetadataError');
}

describe('hierarchical keys in schema files', () => {
  it("export names the parent and the literal, and keeps the whole key in the child's files", () => {
    const files = exportSchemaFiles(resolveEntity(VideoComment));
    expect(files.families).toMatchObject({
      table: 'video_rows',
      entity: 'VideoComment',
      parent: 'VideoItem',
    });
    expect(files.families.literal).toBe('c');
    expect(files.familiesFile).toMatch(
      /^table: video_rows\nentity: VideoComment\nparent: VideoItem\nliteral: c\n/,
    );
    expect(parseRowKeySchemaFile(files.rowKeySchemaFile).fields.map((f) => f.fieldName)).toEqual([
      'literal_0',
      'videoId',
      'literal_2',
      'at',
    ]);
    expect(exportSchemaFiles(resolveEntity(VideoItem)).families.parent).toBeUndefined();
  });

  it('parent and literal round-trip through formatFamiliesFile (text and bytes) and are checked', () => {
    for (const literal of ['c', { base64: 'AAE=' }]) {
      const file: FamiliesFile = { ...comment.families, literal };
      expect(parseFamiliesFile(formatFamiliesFile(file))).toEqual(file);
      expect(parseFamiliesFile(formatFamiliesFile(file, { format: 'json' }))).toEqual(file);
    }
    expect(problems(() => parseFamiliesFile('table: t\nentity: C\nparent: 1st\nfamilies: {}\n'))).toEqual([
      'families file.parent: expected the class name of the parent entity, got "1st"',
    ]);
    expect(problems(() => parseFamiliesFile('table: t\nentity: C\nliteral: c\nfamilies: {}\n'))).toEqual([
      'families file.literal: literal is the constant after a parent key; give parent too (or use a key hint)',
    ]);
    expect(
      problems(() => parseFamiliesFile("table: t\nentity: C\nparent: P\nliteral: ''\nfamilies: {}\n")),
    ).toEqual(['families file.literal: expected the literal text or { base64 }']);
  });

  it('generates the parent first, whatever the order of the files', () => {
    const source = generateEntitiesSource([comment, video]);
    expect(source.indexOf('export class VideoItem')).toBeLessThan(
      source.indexOf('export class VideoComment'),
    );
    expect(source).toContain("@Entity({ table: 'video_rows', parent: VideoItem, literal: 'c' })");
    expect(source).toContain(
      "  videoId!: string; // a key part of VideoItem\n  @KeyPart(0, 'reversedTimestamp')",
    );
    expect(generateEntitiesSource([video, comment])).toBe(source);
    const defined = generateEntitiesSource([comment, video], { style: 'defineEntity' });
    expect(defined).toContain(
      "  parent: VideoItemEntity,\n  literal: 'c',\n  key: [{ property: 'at', type: 'reversedTimestamp' }],",
    );
  });

  it('an unknown parent names the families file, the entity and the value, for codegen, metadata and lint', () => {
    const expected = [
      'VideoComment.parent: video-comment.families.yaml: parent "VideoItem" is none of the entities of the given ' +
        "schema files; pass the parent's row-key schema file and families file too",
    ];
    expect(problems(() => generateEntitiesSource([comment]))).toEqual(expected);
    expect(problems(() => schemaFilesEntities([comment]))).toEqual(expected);
    expect(
      problems(() => generateEntitiesSource([withFamilies(comment, { parent: 'Video' }), video])),
    ).toEqual([
      'VideoComment.parent: video-comment.families.yaml: parent "Video" is none of the entities of the given ' +
        "schema files (VideoItem); pass the parent's row-key schema file and families file too",
    ]);
    // Without a source the message says "families file".
    expect(problems(() => generateEntitySource(comment.rowKeySchema, comment.families))[0]).toMatch(
      /^VideoComment\.parent: families file: parent "VideoItem" is none/,
    );
  });

  it('refuses a parent in another table, a parent named twice and a parent chain that loops', () => {
    expect(problems(() => schemaFilesEntities([comment, withFamilies(video, { table: 'other' })]))).toEqual([
      'VideoComment.parent: video-comment.families.yaml: parent VideoItem is stored in table other, not video_rows; a hierarchical key only makes rows adjacent within one table',
    ]);
    expect(problems(() => generateEntitiesSource([comment, video, video]))).toEqual([
      'VideoComment.parent: video-comment.families.yaml: parent "VideoItem" is the entity of 2 families files; keep one',
    ]);
    expect(
      problems(() => schemaFilesEntities([comment, withFamilies(video, { parent: 'VideoComment' })])),
    ).toEqual(['VideoComment.parent: video-comment.families.yaml: parent chain loops back to VideoComment']);
  });

  it("refuses a child key that does not start with the parent's key, and a literal that is not there", () => {
    const prefixed = withFamilies(video, { key: { ...video.families.key, literal_0: { literal: 'vid' } } });
    expect(problems(() => generateEntitiesSource([prefixed, comment]))).toEqual([
      "VideoComment: the key does not start with the key of parent VideoItem: a child's row-key schema file and key " +
        "hints must repeat its parent's key fields (names, types, literals, encoding) before its own",
    ]);
    expect(problems(() => schemaFilesEntities([video, withFamilies(comment, { literal: 'd' })]))).toEqual([
      'VideoComment: literal "d" is not the key field after parent VideoItem\'s key (found literal "c"); add it as a ' +
        'literal key hint there, or leave literal out',
    ]);
  });

  it('a child without literal keeps the literal field as its own first key literal (same key)', () => {
    const { literal, ...rest } = comment.families;
    expect(literal).toBe('c');
    const noLiteral = { ...comment, families: rest };
    const [, meta] = schemaFilesEntities([video, noLiteral]);
    expect(meta!.key.segments).toEqual(resolveEntity(VideoComment).key.segments);
    expect(generateEntitiesSource([video, noLiteral])).toContain(
      "@Entity({ table: 'video_rows', parent: VideoItem })\n@KeyLiteral(0, 'c')",
    );
  });
});
