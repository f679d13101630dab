import { checkObject, checkObjectArray } from '../../errors/check-argument.js';
import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import type { ValueCodec } from '../../codecs/value/value-codec.js';
import { MetadataError } from '../../errors/metadata-error.js';
import type { MetadataProblem } from '../../errors/metadata-error.js';
import type { CodecRef, FamilyOptions } from '../../metadata/declaration-args.js';
import { addDeclaration } from '../../metadata/declaration-store.js';
import type { EntityDefinition, KeyDefinition, PropertyDefinition } from '../../metadata/define-entity.js';
import { definitionRecords } from '../../metadata/define-entity.js';
import type { EntityClass, EntityMetadata } from '../../metadata/entity-metadata.js';
import { resolveEntity } from '../../metadata/resolve-entity.js';
import type { FamiliesFile, FileCodec, FileQualifier, SchemaFilesInput } from './families-file-types.js';
import type { FilesKeyLayout } from './files-key-layout.js';
import { base64Bytes, filesKeyLayout } from './files-key-layout.js';
import { orderSchemaFiles } from './order-schema-files.js';

/**
 * A codec that stands for one the schema files only name (a protobuf type, a user codec): it carries the name the
 * real codec would have (`protobuf:<type>`, the user codec's name) and passes bytes through, so that metadata
 * built from the files can be inspected (lint, comparisons) without loading user code.
 */
function namedStandIn(name: string): ValueCodec<unknown> {
  return Object.freeze({
    name,
    encode: (value: unknown) => value as Uint8Array,
    decode: (bytes: Uint8Array) => bytes,
  });
}

function codecRef(codec: FileCodec): CodecRef {
  if (typeof codec === 'string') return codec;
  if ('custom' in codec) return namedStandIn(codec.custom);
  return namedStandIn(`protobuf:${codec.protobuf}`);
}

function qualifierRef(qualifier: FileQualifier | undefined): { qualifier?: string | Uint8Array } {
  if (qualifier === undefined) return {};
  return { qualifier: typeof qualifier === 'string' ? qualifier : base64Bytes(qualifier.base64) };
}

/**
 * The metadata of the entities schema files describe — what `generateEntitySource` would generate — built without
 * generating or importing code, in the order of `files`. A child entity (`parent` in its families file) needs its
 * parent's files among `files`; its metadata then has the hierarchical key, as the generated class would. Protobuf
 * and user codecs are stand-ins carrying their names (`protobuf:<type>`, the user codec's name) that pass bytes
 * through: use the metadata to inspect (lint, compare), not to read or write rows. Not registered: it never meets
 * the application's entities. Problems are thrown together as one {@link MetadataError}.
 *
 * @example
 * ```ts
 * const [video, comment] = schemaFilesEntities([videoFiles, commentFiles]);
 * comment?.parent === video?.target; // true
 * ```
 */
export function schemaFilesEntities(files: readonly SchemaFilesInput[]): EntityMetadata[] {
  checkObjectArray({ api: 'schemaFilesEntities', argument: 'files' }, files, 'objects');
  const { order, parentOf } = orderSchemaFiles(files);
  const problems: MetadataProblem[] = [];
  const targets: EntityClass[] = [];
  for (const i of order) {
    const { rowKeySchema, families: file } = files[i]!;
    const parentIndex = parentOf[i];
    const before = problems.length;
    const layout = filesKeyLayout(
      rowKeySchema,
      file,
      (message) => problems.push({ entity: file.entity, message }),
      parentIndex === undefined ? undefined : files[parentIndex],
    );
    if (!layout || problems.length > before) continue;
    const parent = parentIndex === undefined ? undefined : targets[parentIndex];
    if (parentIndex !== undefined && parent === undefined) continue; // the parent's problems are reported
    // A fresh class named after the entity: resolved alone, never registered.
    const target = { [file.entity]: class {} }[file.entity]!;
    for (const record of definitionRecords(definitionOf(file, layout, parent)))
      addDeclaration(target, record);
    targets[i] = target;
  }
  if (problems.length > 0) throw new MetadataError(problems);
  return files.map((_, i) => resolveEntity(targets[i]!));
}

/**
 * The metadata of the entity a row-key schema file and a families file describe, as {@link schemaFilesEntities}
 * builds it for one entity. A child entity needs its parent's files: use `schemaFilesEntities`.
 *
 * @example
 * ```ts
 * const meta = schemaFilesMetadata(parseRowKeySchemaFile(rowKeyYaml), parseFamiliesFile(familiesYaml));
 * meta.key.parts.map((p) => p.property);
 * ```
 */
export function schemaFilesMetadata(rowKeySchema: RowKeySchema, file: FamiliesFile): EntityMetadata {
  checkObject({ api: 'schemaFilesMetadata', argument: 'rowKeySchema' }, rowKeySchema);
  checkObject({ api: 'schemaFilesMetadata', argument: 'file' }, file);
  return schemaFilesEntities([{ rowKeySchema, families: file }])[0]!;
}

function definitionOf(
  file: FamiliesFile,
  layout: FilesKeyLayout,
  parent: EntityClass | undefined,
): EntityDefinition<Record<string, unknown>> {
  const key: KeyDefinition<Record<string, unknown>>[] = layout.items.map((item) =>
    item.literal !== undefined
      ? { literal: item.literal }
      : ({ property: item.part!.property, ...item.part!.options } as KeyDefinition<Record<string, unknown>>),
  );
  const properties: Record<string, PropertyDefinition> = {};
  const families: Record<string, FamilyOptions> = {};
  for (const f of file.families) {
    families[f.name] = { ...(f.gc ? { gc: f.gc } : {}), ...(f.aggregate ? { aggregate: f.aggregate } : {}) };
    const family = f.name;
    for (const c of f.columns ?? [])
      properties[c.property] = {
        family,
        ...qualifierRef(c.qualifier),
        codec: codecRef(c.codec),
        ...(c.optional ? { optional: true } : {}),
        ...(c.nullable ? { nullable: true } : {}),
        ...(c.versioned ? { versioned: true } : {}),
      };
    for (const c of f.counters ?? [])
      properties[c.property] = {
        kind: 'counter',
        family,
        ...qualifierRef(c.qualifier),
        as: c.as ?? 'bigint',
      };
    for (const c of f.aggregates ?? [])
      properties[c.property] = {
        kind: 'aggregate',
        family,
        ...qualifierRef(c.qualifier),
        as: c.as ?? 'bigint',
        ...(c.versioned ? { versioned: true } : {}),
      };
    if (f.version)
      properties[f.version.property] = {
        kind: 'version',
        family,
        ...qualifierRef(f.version.qualifier),
        as: f.version.as ?? 'bigint',
      };
    if (f.map)
      properties[f.map.property] =
        f.map.cells === undefined
          ? { kind: 'map', family, key: codecRef(f.map.key), value: codecRef(f.map.value) }
          : {
              kind: f.map.cells === 'counter' ? 'counterMap' : 'aggregateMap',
              family,
              key: codecRef(f.map.key),
              ...(f.map.value === 'int64AsNumber' ? { as: 'number' as const } : {}),
            };
    if (f.set) properties[f.set.property] = { kind: 'set', family, key: codecRef(f.set.key) };
  }
  return {
    table: file.table,
    // A child keeps its parent's encoding and delimiter: giving them again is refused only when they differ.
    ...(parent !== undefined
      ? { parent, ...(layout.parent?.literal !== undefined ? { literal: layout.parent.literal } : {}) }
      : layout.encoding.kind === 'orderedCode'
        ? { encoding: 'orderedCode' as const }
        : { delimiter: layout.encoding.delimiter }),
    ...(layout.prefix !== undefined ? { prefix: layout.prefix } : {}),
    ...(layout.salt ? { salt: layout.salt } : {}),
    key,
    families,
    properties,
  };
}
