import type { KeyRange, KeyValue } from './key-codec-types.js';

/**
 * An empty proto message in its JSON/object form, `{}`.
 *
 * @example
 * ```ts
 * const raw: EmptyMessage = {};
 * ```
 */
export type EmptyMessage = Readonly<Record<string, never>>;

/**
 * `Type.Int64.Encoding` (also used by `Timestamp.Encoding.unixMicrosInt64`).
 *
 * @example
 * ```ts
 * const e: RowKeyInt64Encoding = { orderedCodeBytes: {} };
 * ```
 */
export type RowKeyInt64Encoding =
  { readonly bigEndianBytes: EmptyMessage } | { readonly orderedCodeBytes: EmptyMessage };

/**
 * The field types a row key schema may use (admin v2 `Type`, camelCase object form as accepted by the generated
 * admin client).
 *
 * @example
 * ```ts
 * const t: RowKeyFieldType = { int64Type: { encoding: { orderedCodeBytes: {} } } };
 * ```
 */
export type RowKeyFieldType =
  | { readonly stringType: { readonly encoding: { readonly utf8Bytes: EmptyMessage } } }
  | { readonly bytesType: { readonly encoding: { readonly raw: EmptyMessage } } }
  | { readonly int64Type: { readonly encoding: RowKeyInt64Encoding } }
  | { readonly timestampType: { readonly encoding: { readonly unixMicrosInt64: RowKeyInt64Encoding } } };

/**
 * One field of a row key schema (`Type.Struct.Field`).
 *
 * @example
 * ```ts
 * const f: RowKeySchemaField = { fieldName: 'device', type: { stringType: { encoding: { utf8Bytes: {} } } } };
 * ```
 */
export interface RowKeySchemaField {
  /** Optional in the proto; anonymous fields are named `#index` in errors. */
  readonly fieldName?: string;
  readonly type: RowKeyFieldType;
}

/**
 * `Type.Struct.Encoding`: how the fields are put together.
 *
 * @example
 * ```ts
 * const e: RowKeyStructEncoding = { delimitedBytes: { delimiter: new TextEncoder().encode('#') } };
 * ```
 */
export type RowKeyStructEncoding =
  | { readonly singleton: EmptyMessage }
  | { readonly delimitedBytes: { readonly delimiter: Uint8Array } }
  | { readonly orderedCodeBytes: EmptyMessage };

/**
 * A table's row key schema: the admin v2 `Type.Struct` object sent as `Table.rowKeySchema` in UpdateTable.
 *
 * @example
 * ```ts
 * const schema: RowKeySchema = {
 *   fields: [
 *     { fieldName: 'device', type: { stringType: { encoding: { utf8Bytes: {} } } } },
 *     { fieldName: 'serial', type: { bytesType: { encoding: { raw: {} } } } },
 *   ],
 *   encoding: { delimitedBytes: { delimiter: new TextEncoder().encode('#') } },
 * };
 * ```
 */
export interface RowKeySchema {
  readonly fields: readonly RowKeySchemaField[];
  readonly encoding: RowKeyStructEncoding;
}

/**
 * Options of the schema-level codec.
 *
 * @example
 * ```ts
 * decodeRowKeyWithSchema(schema, key, { entity: 'Legacy', timestamps: 'date' });
 * ```
 */
export interface RowKeySchemaCodecOptions {
  /** Name used in error messages. Default `row key`. */
  readonly entity?: string;
  /** How `timestampType` fields decode: bigint microseconds (default) or `Date` (error if not whole millis). */
  readonly timestamps?: 'micros' | 'date';
}

/**
 * Bigtable's limit on row keys, in bytes.
 *
 * @example
 * ```ts
 * const fits = key.length <= MAX_ROW_KEY_BYTES; // else Bigtable refuses the key
 * ```
 */
export const MAX_ROW_KEY_BYTES = 4096;

/** The kind of a row key schema field. */
export type FieldKind = 'string' | 'bytes' | 'int64' | 'timestamp';

/** One end of a {@link Block}. */
export type Bound = NonNullable<KeyRange['start']>;

/** A contiguous set of keys: the rows whose first fields have given values. */
export interface Block {
  readonly start?: Bound;
  readonly end?: Bound;
}

/**
 * A row key schema checked once and ready to encode, decode and plan ranges. Obtain it from
 * {@link compileRowKeySchema}; the free functions {@link encodeRowKeyWithSchema} and {@link decodeRowKeyWithSchema}
 * cache one per schema object.
 *
 * @example
 * ```ts
 * const codec = compileRowKeySchema(schema, { entity: 'Device' });
 * const key = codec.encode(['phone', 'india']);
 * codec.decode(key); // ['phone', 'india']
 * ```
 */
export interface CompiledRowKeySchema {
  readonly schema: RowKeySchema;
  readonly entity: string;
  /** Field names in order (`#i` for anonymous fields). */
  readonly fieldNames: readonly string[];
  /** Which struct encoding the schema uses. */
  readonly structEncoding: 'singleton' | 'delimited' | 'orderedCode';
  /**
   * Kind of each field.
   *
   * @internal Used by range planning; not part of the published types.
   */
  readonly fieldKinds: readonly FieldKind[];
  /** Encodes all fields into a key (non-empty, ≤ 4 KiB). */
  encode(values: readonly KeyValue[]): Uint8Array;
  /** Decodes a key into one value per field. */
  decode(key: Uint8Array): KeyValue[];
  /**
   * A field's own sorted-mode bytes (before struct framing), after every check the struct encoding imposes.
   * Salted keys hash these bytes.
   */
  encodeField(index: number, value: KeyValue): Uint8Array;
  /**
   * The keys whose first `values.length` fields equal `values` (a point for a full key), as one range.
   *
   * @internal Used by range planning ({@link rowKeyRangesWithSchema}); not part of the published types.
   */
  block(values: readonly KeyValue[]): Block;
  /**
   * The keys whose first `leading.length` fields equal `leading` and whose next (string) field starts with `text`.
   *
   * @internal Used by range planning ({@link rowKeyRangesWithSchema}); not part of the published types.
   */
  startsWith(leading: readonly KeyValue[], text: string): Block;
}
