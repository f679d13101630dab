import { checkArray, checkBytes, checkObject, checkOptions } from '../../errors/check-argument.js';
import type { KeyValue } from './key-codec-types.js';
import { schemaKeyBlock, schemaStartsWithBlock } from './row-key-schema-blocks.js';
import { encodeSchemaField } from './row-key-schema-fields.js';
import { decodeSchemaKey, encodeSchemaKey } from './row-key-schema-keys.js';
import { planRowKeySchema } from './row-key-schema-plan.js';
import type { CompiledRowKeySchema, RowKeySchema, RowKeySchemaCodecOptions } from './row-key-schema-types.js';

// The schema's types live on the floor of the room (row-key-schema-types.ts), under the functions that share them.
export { MAX_ROW_KEY_BYTES } from './row-key-schema-types.js';
export type {
  CompiledRowKeySchema,
  EmptyMessage,
  RowKeyFieldType,
  RowKeyInt64Encoding,
  RowKeySchema,
  RowKeySchemaCodecOptions,
  RowKeySchemaField,
  RowKeyStructEncoding,
} from './row-key-schema-types.js';

/**
 * Checks a row key schema and prepares its codec. Throws {@link KeyEncodingError} naming the part of the schema
 * that is invalid (unknown type or encoding, delimiter not 1–50 bytes, singleton with other than one field,
 * duplicate field names).
 *
 * @example
 * ```ts
 * const codec = compileRowKeySchema({
 *   fields: [{ fieldName: 'id', type: { int64Type: { encoding: { orderedCodeBytes: {} } } } }],
 *   encoding: { orderedCodeBytes: {} },
 * });
 * codec.encode([5n]); // Uint8Array [0x85]
 * ```
 */
export function compileRowKeySchema(
  schema: RowKeySchema,
  options: RowKeySchemaCodecOptions = {},
): CompiledRowKeySchema {
  const s = planRowKeySchema(schema, options);
  return {
    schema,
    entity: s.entity,
    fieldNames: s.plans.map((p) => p.name),
    structEncoding: s.structEncoding,
    fieldKinds: s.plans.map((p) => p.kind),
    encode: (values) => encodeSchemaKey(s, values),
    decode: (key) => decodeSchemaKey(s, key),
    encodeField: (index, value) => encodeSchemaField(s, index, value),
    block: (values) => schemaKeyBlock(s, values),
    startsWith: (leading, text) => schemaStartsWithBlock(s, leading, text),
  };
}

const cache = new WeakMap<RowKeySchema, Map<string, CompiledRowKeySchema>>();

/**
 * The compiled codec of a schema object, compiled on first use and cached weakly per schema object and options.
 *
 * @example
 * ```ts
 * cachedRowKeySchema(schema).fieldNames; // ['device', 'country']
 * ```
 */
export function cachedRowKeySchema(
  schema: RowKeySchema,
  options: RowKeySchemaCodecOptions = {},
): CompiledRowKeySchema {
  const id = `${options.entity ?? ''}\u0000${options.timestamps ?? ''}`;
  let perSchema = cache.get(schema);
  if (!perSchema) cache.set(schema, (perSchema = new Map()));
  let compiled = perSchema.get(id);
  if (!compiled) perSchema.set(id, (compiled = compileRowKeySchema(schema, options)));
  return compiled;
}

/**
 * Encodes a row key directly from a row key schema and one value per field, without any entity: for tables
 * written by other tools, and the single implementation the entity codecs use underneath. Values: `string` for
 * `stringType`, `Uint8Array` for `bytesType`, `bigint` (or a safe integer `number`) for `int64Type`, `Date` or
 * bigint microseconds for `timestampType`. Throws {@link KeyEncodingError} for any value the encoding cannot hold
 * in sorted mode (a delimited field with a byte ≤ the delimiter, a negative BigEndianBytes int64, a lone
 * surrogate) and for an empty key or one over 4 KiB.
 *
 * The schema is compiled once per schema object and options (cached weakly).
 *
 * @example
 * ```ts
 * const schema: RowKeySchema = {
 *   fields: [
 *     { fieldName: 'device', type: { stringType: { encoding: { utf8Bytes: {} } } } },
 *     { fieldName: 'country', type: { stringType: { encoding: { utf8Bytes: {} } } } },
 *   ],
 *   encoding: { delimitedBytes: { delimiter: new TextEncoder().encode('#') } },
 * };
 * encodeRowKeyWithSchema(schema, ['phone', 'india']); // bytes of 'phone#india'
 * ```
 */
export function encodeRowKeyWithSchema(
  schema: RowKeySchema,
  values: readonly KeyValue[],
  options: RowKeySchemaCodecOptions = {},
): Uint8Array {
  checkObject({ api: 'encodeRowKeyWithSchema', argument: 'schema' }, schema);
  checkArray({ api: 'encodeRowKeyWithSchema', argument: 'values' }, values);
  checkOptions({ api: 'encodeRowKeyWithSchema', argument: 'options' }, options);
  return cachedRowKeySchema(schema, options).encode(values);
}

/**
 * Decodes a row key into one value per schema field (see {@link encodeRowKeyWithSchema} for the value types;
 * timestamps decode as bigint microseconds unless `timestamps: 'date'`). Throws {@link KeyEncodingError} when the
 * key is not a canonical encoding under the schema.
 *
 * @example
 * ```ts
 * decodeRowKeyWithSchema(schema, new TextEncoder().encode('phone#india')); // ['phone', 'india']
 * ```
 */
export function decodeRowKeyWithSchema(
  schema: RowKeySchema,
  key: Uint8Array,
  options: RowKeySchemaCodecOptions = {},
): KeyValue[] {
  checkObject({ api: 'decodeRowKeyWithSchema', argument: 'schema' }, schema);
  checkBytes({ api: 'decodeRowKeyWithSchema', argument: 'key' }, key);
  checkOptions({ api: 'decodeRowKeyWithSchema', argument: 'options' }, options);
  return cachedRowKeySchema(schema, options).decode(key);
}
