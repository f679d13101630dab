import { MAX_ROW_KEY_BYTES } from './row-key-schema-types.js';
import { encodeDelimitedStruct, splitDelimitedStruct } from './delimited-struct.js';
import type { KeyValue } from './key-codec-types.js';
import { decodeOrderedCodeStruct, encodeOrderedCodeStruct } from './ordered-code-struct.js';
import { decodeSchemaField, encodeSchemaField } from './row-key-schema-fields.js';
import type { SchemaPlan } from './row-key-schema-plan.js';
import { fail } from './row-key-schema-plan.js';

const EMPTY = new Uint8Array(0);
const STRUCT_LABEL = {
  singleton: 'a singleton',
  delimited: 'a delimited',
  orderedCode: 'an ordered-code',
} as const;

/**
 * A whole key: non-empty and at most 4 KiB.
 *
 * @example
 * ```ts
 * checkSchemaKey(plan, key, values);
 * ```
 */
export function checkSchemaKey(s: SchemaPlan, key: Uint8Array, value: unknown): Uint8Array {
  const { entity } = s;
  if (key.length === 0) throw fail(entity, undefined, value, 'a non-empty row key');
  if (key.length > MAX_ROW_KEY_BYTES) {
    throw fail(entity, undefined, key, `≤ ${MAX_ROW_KEY_BYTES} bytes (key has ${key.length})`);
  }
  return key;
}

/**
 * Encoded fields framed by the struct encoding.
 *
 * @example
 * ```ts
 * frameSchemaFields(plan, [a, b]);
 * ```
 */
export function frameSchemaFields(s: SchemaPlan, fields: readonly Uint8Array[]): Uint8Array {
  const { structEncoding, delimiter } = s;
  if (structEncoding === 'delimited') return encodeDelimitedStruct(fields, delimiter);
  if (structEncoding === 'orderedCode') return encodeOrderedCodeStruct(fields);
  return Uint8Array.from(fields[0] ?? EMPTY);
}

/**
 * Each value's field bytes: all of them (`full`) or a leading run.
 *
 * @example
 * ```ts
 * encodeSchemaFields(plan, ['phone'], false);
 * ```
 */
export function encodeSchemaFields(s: SchemaPlan, values: readonly KeyValue[], full: boolean): Uint8Array[] {
  const { entity, count } = s;
  if (!Array.isArray(values)) throw fail(entity, undefined, values, 'an array of field values');
  if (full ? values.length !== count : values.length > count) {
    throw fail(entity, undefined, values, `${full ? 'exactly' : 'at most'} ${count} field values`);
  }
  return values.map((v, i) => encodeSchemaField(s, i, v));
}

/**
 * Encodes all fields into a key (non-empty, ≤ 4 KiB).
 *
 * @example
 * ```ts
 * encodeSchemaKey(plan, ['phone', 'india']);
 * ```
 */
export function encodeSchemaKey(s: SchemaPlan, values: readonly KeyValue[]): Uint8Array {
  return checkSchemaKey(s, frameSchemaFields(s, encodeSchemaFields(s, values, true)), values);
}

/**
 * Decodes a key into one value per field.
 *
 * @example
 * ```ts
 * decodeSchemaKey(plan, key); // ['phone', 'india']
 * ```
 */
export function decodeSchemaKey(s: SchemaPlan, key: Uint8Array): KeyValue[] {
  const { entity, structEncoding, delimiter, count } = s;
  if (!(key instanceof Uint8Array)) throw fail(entity, undefined, key, 'a Uint8Array row key');
  checkSchemaKey(s, key, key);
  let parts: Uint8Array[] | string;
  if (structEncoding === 'delimited') parts = splitDelimitedStruct(key, delimiter, count);
  else if (structEncoding === 'orderedCode') parts = decodeOrderedCodeStruct(key, count);
  else parts = [key];
  if (typeof parts === 'string')
    throw fail(entity, undefined, key, `${STRUCT_LABEL[structEncoding]} key: ${parts}`);
  return parts.map((bytes, i) => decodeSchemaField(s, i, bytes));
}
