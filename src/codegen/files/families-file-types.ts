import type { SegmentSpec } from '../../codecs/key/key-codec-types.js';
import type { RowKeySchema } from '../../codecs/key/row-key-schema.js';
import type { AggregateKind, GcRule } from '../../model/family-spec.js';

/**
 * A value codec as a families file names it: a builtin codec name, a protobuf message type (loaded from `file` when
 * given, else imported by the generator), or a user codec imported by the generator by its `name`.
 *
 * @example
 * ```ts
 * const codecs: FileCodec[] = ['string', { protobuf: 'media.v1.Thumbnail' }, { custom: 'csv' }];
 * ```
 */
export type FileCodec =
  | 'string'
  | 'int64'
  | 'int64AsNumber'
  | 'float64'
  | 'boolean'
  | 'date'
  | 'bytes'
  | 'json'
  | { readonly protobuf: string; readonly file?: string; readonly output?: 'object' | 'message' }
  | { readonly custom: string };

/**
 * A qualifier: UTF-8 text, or `{ base64 }` for bytes that are not UTF-8 text.
 *
 * @example
 * ```ts
 * const qualifiers: FileQualifier[] = ['len', { base64: 'AP8=' }];
 * ```
 */
export type FileQualifier = string | { readonly base64: string };

/**
 * One scalar (or JSON / protobuf / user-codec) column of a family.
 *
 * @example
 * ```ts
 * const column: FileColumn = { property: 'lengthSeconds', qualifier: 'len', codec: 'int64AsNumber' };
 * ```
 */
export interface FileColumn {
  readonly property: string;
  /** Default: the property name. */
  readonly qualifier?: FileQualifier;
  readonly codec: FileCodec;
  readonly optional?: boolean;
  readonly nullable?: boolean;
  readonly versioned?: boolean;
}

/**
 * A counter, aggregate or version cell: int64, read as `bigint` or (`as: 'number'`) `number`.
 *
 * @example
 * ```ts
 * const counter: FileInt64Cell = { property: 'likes', as: 'number' };
 * ```
 */
export interface FileInt64Cell {
  readonly property: string;
  readonly qualifier?: FileQualifier;
  readonly as?: 'bigint' | 'number';
  /** Aggregates only: expose every time bucket. */
  readonly versioned?: boolean;
}

/**
 * One column family: its GC rule or aggregate type, and what it stores — columns, counters, aggregates and the
 * version cell, or one qualifier-as-data `map` / `set` owning the whole family.
 *
 * @example
 * ```ts
 * const formats: FileFamily = { name: 'formats', map: { property: 'formats', key: 'string', value: 'int64' } };
 * ```
 */
export interface FileFamily {
  readonly name: string;
  readonly gc?: GcRule;
  readonly aggregate?: AggregateKind;
  readonly columns?: readonly FileColumn[];
  readonly counters?: readonly FileInt64Cell[];
  readonly aggregates?: readonly FileInt64Cell[];
  readonly version?: FileInt64Cell;
  /** `cells`: the map's values are counter cells (`@CounterMap`) or aggregate cells (`@AggregateMap`). */
  readonly map?: {
    readonly property: string;
    readonly key: FileCodec;
    readonly value: FileCodec;
    readonly cells?: 'counter' | 'aggregate';
  };
  readonly set?: { readonly property: string; readonly key: FileCodec };
}

/**
 * What the row-key schema file cannot say about a key field (it holds only stored types): the constant of a
 * literal, the salt, or the segment type and options of a key part. A key part's property is its field name (the
 * entity form names each row-key schema field after its property).
 *
 * @example
 * ```ts
 * const hints: Record<string, FileKeyHint> = {
 *   literal_0: { literal: 'video' },
 *   uploadedAt: { type: 'reversedTimestamp' },
 * };
 * ```
 */
export type FileKeyHint =
  | { readonly literal: FileQualifier }
  | { readonly salt: { readonly buckets: number; readonly of: readonly string[] } }
  | Omit<Exclude<SegmentSpec, { type: 'literal' } | { type: 'salt' }>, 'name'>;

/**
 * The lint section of a families file: rules silenced for this entity, each with the written reason why it may
 * break the rule, and size bounds of key parts and JSON/protobuf columns by property (as `LintOptions`).
 *
 * @example
 * ```ts
 * const lint: FileLint = {
 *   allow: { 'key-sequential-id-first': 'ids come from a random generator' },
 *   maxBytes: { deviceId: 64 },
 * };
 * ```
 */
export interface FileLint {
  readonly allow?: Readonly<Record<string, string>>;
  readonly maxBytes?: Readonly<Record<string, number>>;
}

/**
 * A families/columns file: the table, the entity (class) name, for a child entity its parent and literal (a
 * hierarchical key, `@Entity({ parent, literal })`), key hints by row-key schema field name, the families in order,
 * and optionally what lint should know (silences with reasons, size bounds).
 *
 * @example
 * ```ts
 * const file: FamiliesFile = { table: 'telemetry', entity: 'DeviceDay', key: {}, families: [{ name: 'stats' }] };
 * const child: FamiliesFile = { table: 'media', entity: 'Comment', parent: 'Video', literal: 'c', key: {}, families: [] };
 * ```
 */
export interface FamiliesFile {
  readonly table: string;
  readonly entity: string;
  /**
   * The entity whose key this entity's key extends, by name: the row-key schema file still holds the whole key
   * (gcloud needs it); its leading fields must be exactly the parent's key. The parent's files are needed too.
   */
  readonly parent?: string;
  /** The constant between the parent's key and this entity's own key parts (only with `parent`). */
  readonly literal?: FileQualifier;
  readonly key: Readonly<Record<string, FileKeyHint>>;
  readonly families: readonly FileFamily[];
  readonly lint?: FileLint;
}

/**
 * The schema files of one entity, parsed: gcloud's row-key schema file (`parseRowKeySchemaFile`) and a families
 * file (`parseFamiliesFile`), with where they came from for messages.
 *
 * @example
 * ```ts
 * const files: SchemaFilesInput = {
 *   rowKeySchema: parseRowKeySchemaFile(rowKeyYaml),
 *   families: parseFamiliesFile(familiesYaml),
 *   source: 'schema/comment.families.yaml',
 * };
 * ```
 */
export interface SchemaFilesInput {
  readonly rowKeySchema: RowKeySchema;
  readonly families: FamiliesFile;
  /** The families file's path (or any name), named in error messages. */
  readonly source?: string;
}
