import { expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from 'bigtable-mapper/decorators';
import { getEntityMetadata } from 'bigtable-mapper';
import { exportSchemaFiles, generateEntitiesSource, parseSchemaFiles } from 'bigtable-mapper/codegen';

@Entity({ table: 'media', prefix: 'video' }) // video#<videoId>
@Family('d')
class Video {
  @KeyPart(0, 'string') videoId!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
}

@Entity({ table: 'media', parent: Video, literal: 'c' }) // video#<videoId>#c#<reversed millis>
@Family('c')
class Comment {
  videoId!: string;
  @KeyPart(0, 'reversedTimestamp') at!: Date;
  @Column({ family: 'c', codec: 'string' }) text!: string;
}

function schemaFilesOf<E extends object>(cls: new () => E) {
  const { rowKeySchemaFile, familiesFile } = exportSchemaFiles(getEntityMetadata(cls));
  return parseSchemaFiles({ rowKeySchema: rowKeySchemaFile, families: familiesFile });
}

it("exports a child with its parent's name and regenerates both in one module, the parent first", () => {
  const comment = schemaFilesOf(Comment);
  const video = schemaFilesOf(Video);
  expect(comment.families).toMatchObject({ entity: 'Comment', parent: 'Video', literal: 'c' });
  // The child's row-key schema keeps the whole key: literal_0 (video), videoId, literal_2 (c), at.
  expect(comment.rowKeySchema.fields.map((f) => f.fieldName)).toEqual(['literal_0', 'videoId', 'literal_2', 'at']);

  const source = generateEntitiesSource([comment, video]);
  expect(source.indexOf('class Video ')).toBeLessThan(source.indexOf('class Comment '));
  expect(source).toContain(`@Entity({ table: 'media', parent: Video, literal: 'c' })
@Family('c')
export class Comment {
  declare static readonly keyParts: readonly ['videoId', 'at'];
  videoId!: string; // a key part of Video
  @KeyPart(0, 'reversedTimestamp')
  at!: Date;`);

  // Without its parent's files the child cannot be generated: the error names the file, the entity and the parent.
  expect(() => generateEntitiesSource([{ ...comment, source: 'comment.families.yaml' }])).toThrow(
    'Comment.parent: comment.families.yaml: parent "Video" is none of the entities of the given schema files',
  );
});
