import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import type { ValueCodec } from '../../codecs/value/value-codec.js';
import { MetadataError } from '../../errors/metadata-error.js';
import type { CodecRef, FamilyOptions } from '../../metadata/declaration-args.js';
import { addDeclaration } from '../../metadata/declaration-store.js';
import type { EntityDefinition, KeyDefinition, PropertyDefinition } from '../../metadata/define-entity.js';
import { definitionRecords } from '../../metadata/define-entity.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import { resolveEntity } from '../../metadata/resolve-entity.js';
import type { FamiliesFile, FileCodec, FileQualifier } from './families-file-types.js';
import { base64Bytes, filesKeyLayout } from './files-key-layout.js';

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
 * The metadata of the entity a row-key schema file and a families file describe — what `generateEntitySource`
 * would generate — built without generating or importing code. Protobuf and user codecs are stand-ins carrying
 * their names (`protobuf:<type>`, the user codec's name) that pass bytes through: use the metadata to inspect
 * (lint, compare), not to read or write rows. Not registered: it never meets the application's entities. Problems
 * are thrown together as one {@link MetadataError}.
 *
 * @example
 * ```ts
 * const meta = schemaFilesMetadata(parseRowKeySchemaFile(rowKeyYaml), parseFamiliesFile(familiesYaml));
 * meta.key.parts.map((p) => p.property);
 * ```
 */
export function schemaFilesMetadata(rowKeySchema: RowKeySchema, file: FamiliesFile): EntityMetadata {
  const problems: string[] = [];
  const layout = filesKeyLayout(rowKeySchema, file, (message) => problems.push(message));
  if (!layout || problems.length > 0)
    throw new MetadataError(problems.map((message) => ({ entity: file.entity, message })));
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
      properties[f.map.property] = {
        kind: 'map',
        family,
        key: codecRef(f.map.key),
        value: codecRef(f.map.value),
      };
    if (f.set) properties[f.set.property] = { kind: 'set', family, key: codecRef(f.set.key) };
  }
  const definition: EntityDefinition<Record<string, unknown>> = {
    table: file.table,
    ...(layout.prefix !== undefined ? { prefix: layout.prefix } : {}),
    ...(layout.encoding.kind === 'orderedCode'
      ? { encoding: 'orderedCode' as const }
      : { delimiter: layout.encoding.delimiter }),
    ...(layout.salt ? { salt: layout.salt } : {}),
    key,
    families,
    properties,
  };
  // A fresh class named after the entity: resolved alone, never registered.
  const target = { [file.entity]: class {} }[file.entity]!;
  for (const record of definitionRecords(definition)) addDeclaration(target, record);
  return resolveEntity(target);
}
