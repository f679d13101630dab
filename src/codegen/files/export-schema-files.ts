import { checkObject, checkOptions } from '../../errors/check-argument.js';
import { formatRowKeySchemaFile } from '../../codecs/key/row-key-schema-file.js';
import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import { rowKeySchemaForKey } from '../../codecs/key/row-key-schema-segments.js';
import { utf8DecodeStrict } from '../../codecs/key/utf8.js';
import { BUILTIN_CODEC_NAMES } from '../../codecs/value/codecs.js';
import type { ValueCodec } from '../../codecs/value/value-codec.js';
import type { EntityMetadata, FieldMetadata } from '../../metadata/entity-metadata.js';
import { resolveEntity } from '../../metadata/resolve-entity.js';
import type {
  FamiliesFile,
  FileCodec,
  FileColumn,
  FileFamily,
  FileInt64Cell,
  FileKeyHint,
  FileQualifier,
} from './families-file-types.js';
import { formatFamiliesFile } from './format-families-file.js';

/**
 * Options of {@link exportSchemaFiles}.
 *
 * @example
 * ```ts
 * const options: ExportSchemaFilesOptions = { protobufFiles: { 'media.v1.EncodingStats': 'protos/video.proto' } };
 * ```
 */
export interface ExportSchemaFilesOptions {
  /** Default `yaml`, for both files. */
  readonly format?: 'yaml' | 'json';
  /**
   * The `.proto` file of each protobuf message type, by full name, written as `file:` (metadata keeps only the
   * loaded type). Types not listed are written without a file; codegen then imports them.
   */
  readonly protobufFiles?: Readonly<Record<string, string>>;
}

/**
 * The two schema files of one entity, and the families file as data.
 *
 * @example
 * ```ts
 * const { rowKeySchemaFile, familiesFile } = exportSchemaFiles(getEntityMetadata(Device));
 * ```
 */
export interface SchemaFiles {
  /** gcloud's row-key schema file (`--row-key-schema-definition-file`, base64 delimiter). */
  readonly rowKeySchemaFile: string;
  readonly familiesFile: string;
  readonly families: FamiliesFile;
}

const PROTOBUF = 'protobuf:';
const BUILTIN: readonly string[] = BUILTIN_CODEC_NAMES;

function base64(bytes: Uint8Array): { base64: string } {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return { base64: btoa(binary) };
}

function bytesToFile(bytes: Uint8Array): FileQualifier {
  return utf8DecodeStrict(bytes) ?? base64(bytes);
}

function codecToFile(codec: ValueCodec<unknown>, options: ExportSchemaFilesOptions): FileCodec {
  if (BUILTIN.includes(codec.name)) return codec.name as FileCodec;
  if (codec.name.startsWith(PROTOBUF)) {
    const type = codec.name.slice(PROTOBUF.length);
    const file = options.protobufFiles?.[type];
    return { protobuf: type, ...(file === undefined ? {} : { file }) };
  }
  return { custom: codec.name };
}

function qualifierOf(property: string, qualifier: Uint8Array): { qualifier?: FileQualifier } {
  const q = bytesToFile(qualifier);
  return q === property ? {} : { qualifier: q };
}

function int64Cell(
  field: FieldMetadata & { qualifier: Uint8Array; codec: ValueCodec<unknown> },
  versioned?: boolean,
): FileInt64Cell {
  return {
    property: field.property,
    ...qualifierOf(field.property, field.qualifier),
    ...(field.codec.name === 'int64AsNumber' ? { as: 'number' as const } : {}),
    ...(versioned ? { versioned } : {}),
  };
}

function keyHints(meta: EntityMetadata): Record<string, FileKeyHint> {
  const fields = keySchema(meta).fields;
  const hints: Record<string, FileKeyHint> = {};
  meta.key.segments.forEach((segment, i) => {
    const name = fields[i]?.fieldName ?? `field_${i}`;
    // Text literals are STRING fields, byte literals BYTES fields: keep the kind.
    if (segment.type === 'literal')
      hints[name] = { literal: typeof segment.value === 'string' ? segment.value : base64(segment.value) };
    else if (segment.type === 'salt')
      hints[name] = { salt: { buckets: segment.buckets, of: [...segment.of] } };
    else if (segment.type !== 'string' && segment.type !== 'bytes') {
      hints[name] = Object.fromEntries(Object.entries(segment).filter(([k]) => k !== 'name')) as FileKeyHint;
    }
  });
  return hints;
}

/** A child's parent by name, and the literal after the parent's key (when its key has one there). */
function hierarchy(meta: EntityMetadata): { parent?: string; literal?: FileQualifier } {
  if (meta.parent === undefined) return {};
  const parent = resolveEntity(meta.parent);
  const next = meta.key.segments[parent.key.segments.length];
  if (next?.type !== 'literal') return { parent: parent.name };
  return {
    parent: parent.name,
    literal: typeof next.value === 'string' ? next.value : base64(next.value),
  };
}

function keySchema(meta: EntityMetadata): RowKeySchema {
  return rowKeySchemaForKey({ entity: meta.name, segments: meta.key.segments, encoding: meta.key.encoding });
}

/**
 * Exports an entity as the two files codegen reads back: gcloud's row-key schema file (from the key codec's
 * `rowKeySchema`) and a families/columns file holding the families, every cell-backed property and the key hints
 * the row-key schema cannot express (literal constants, salt, int64 widths, reversed and timestamp segments). A
 * child entity (`@Entity({ parent, literal })`) keeps its whole key in the row-key schema file (gcloud stores whole
 * keys); its families file names the `parent` and the `literal`, and codegen needs the parent's files too.
 * Families are written in the order their first property is declared, then unused families by name. User codecs
 * are written as `{ custom: <codec name> }`, protobuf codecs as `{ protobuf: <type name> }`.
 *
 * @example
 * ```ts
 * const files = exportSchemaFiles(getEntityMetadata(Device), { format: 'yaml' });
 * console.log(files.rowKeySchemaFile, files.familiesFile);
 * ```
 */
export function exportSchemaFiles(meta: EntityMetadata, options: ExportSchemaFilesOptions = {}): SchemaFiles {
  checkObject({ api: 'exportSchemaFiles', argument: 'meta' }, meta);
  checkOptions({ api: 'exportSchemaFiles', argument: 'options' }, options);
  const order = [...new Set([...meta.fields.map((f) => f.family), ...meta.families.map((f) => f.name)])];
  const families: FileFamily[] = order.map((name) => {
    const family = meta.families.find((f) => f.name === name)!;
    const fields = meta.fields.filter((f) => f.family === name);
    const columns: FileColumn[] = [];
    const counters: FileInt64Cell[] = [];
    const aggregates: FileInt64Cell[] = [];
    let version: FileInt64Cell | undefined;
    let map: FileFamily['map'];
    let set: FileFamily['set'];
    for (const field of fields) {
      switch (field.kind) {
        case 'column':
          columns.push({
            property: field.property,
            ...qualifierOf(field.property, field.qualifier),
            codec: codecToFile(field.codec, options),
            ...(field.optional ? { optional: true } : {}),
            ...(field.nullable ? { nullable: true } : {}),
            ...(field.versioned ? { versioned: true } : {}),
          });
          break;
        case 'counter':
          counters.push(int64Cell(field));
          break;
        case 'aggregate':
          aggregates.push(int64Cell(field, field.versioned));
          break;
        case 'version':
          version = int64Cell(field);
          break;
        case 'map':
          map = {
            property: field.property,
            key: codecToFile(field.keyCodec, options),
            value: codecToFile(field.valueCodec, options),
            ...(field.cells === undefined ? {} : { cells: field.cells }),
          };
          break;
        case 'set':
          set = { property: field.property, key: codecToFile(field.keyCodec, options) };
          break;
      }
    }
    return {
      name,
      ...(family.gcRule ? { gc: family.gcRule } : {}),
      ...(family.aggregate ? { aggregate: family.aggregate } : {}),
      ...(columns.length ? { columns } : {}),
      ...(counters.length ? { counters } : {}),
      ...(aggregates.length ? { aggregates } : {}),
      ...(version ? { version } : {}),
      ...(map ? { map } : {}),
      ...(set ? { set } : {}),
    };
  });
  const file: FamiliesFile = {
    table: meta.table,
    entity: meta.name,
    ...hierarchy(meta),
    key: keyHints(meta),
    families,
  };
  const format = options.format ?? 'yaml';
  return {
    rowKeySchemaFile: formatRowKeySchemaFile(keySchema(meta), { format }),
    familiesFile: formatFamiliesFile(file, { format }),
    families: file,
  };
}
