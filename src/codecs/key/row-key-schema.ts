import { checkArray, checkBytes, checkObject, checkOptions } from '../../errors/check-argument.js';
import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import { concatBytes } from './bytes.js';
import { delimitedViolation, encodeDelimitedStruct, splitDelimitedStruct } from './delimited-struct.js';
import type { KeyRange, KeyValue } from './key-codec-types.js';
import { keySuccessor, pointKeyRange } from './key-range.js';
import { orderedCode } from './ordered-code.js';
import {
  decodeOrderedCodeStruct,
  encodeOrderedCodeStruct,
  orderedCodeStructPrefix,
} from './ordered-code-struct.js';
import { loneSurrogateIndex, loneSurrogateLimit, utf8DecodeStrict, utf8EncodeTransient } from './utf8.js';

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

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const MAX_DATE_MS = 8_640_000_000_000_000n;
const EMPTY = new Uint8Array(0);
const STRUCT_LABEL = {
  singleton: 'a singleton',
  delimited: 'a delimited',
  orderedCode: 'an ordered-code',
} as const;

type FieldKind = 'string' | 'bytes' | 'int64' | 'timestamp';

interface FieldPlan {
  readonly name: string;
  readonly kind: FieldKind;
  readonly int64: 'bigEndian' | 'orderedCode';
}

type Bound = NonNullable<KeyRange['start']>;

/** A contiguous set of keys: the rows whose first fields have given values. */
interface Block {
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

function fail(entity: string, field: string | undefined, value: unknown, limit: string): KeyEncodingError {
  return new KeyEncodingError({ entity, field, value, limit });
}

function onlyKey(object: unknown, allowed: readonly string[], entity: string, where: string): string {
  if (typeof object !== 'object' || object === null) throw fail(entity, where, object, `an object`);
  const keys = Object.keys(object).filter((k) => (object as Record<string, unknown>)[k] !== undefined);
  if (keys.length !== 1 || !allowed.includes(keys[0]!)) {
    throw fail(
      entity,
      where,
      object,
      `exactly one of ${allowed.join(', ')} (found ${keys.join(', ') || 'none'})`,
    );
  }
  return keys[0]!;
}

function planInt64(encoding: unknown, entity: string, where: string): 'bigEndian' | 'orderedCode' {
  const key = onlyKey(encoding, ['bigEndianBytes', 'orderedCodeBytes'], entity, where);
  return key === 'bigEndianBytes' ? 'bigEndian' : 'orderedCode';
}

function planField(field: RowKeySchemaField, index: number, entity: string): FieldPlan {
  const name = field.fieldName === undefined || field.fieldName === '' ? `#${index}` : field.fieldName;
  const type = field.type as unknown as Record<string, { encoding?: Record<string, unknown> } | undefined>;
  const kind = onlyKey(type, ['stringType', 'bytesType', 'int64Type', 'timestampType'], entity, name);
  const encoding = type[kind]?.encoding;
  switch (kind) {
    case 'stringType':
      onlyKey(encoding, ['utf8Bytes'], entity, `${name}.stringType.encoding`);
      return { name, kind: 'string', int64: 'orderedCode' };
    case 'bytesType':
      onlyKey(encoding, ['raw'], entity, `${name}.bytesType.encoding`);
      return { name, kind: 'bytes', int64: 'orderedCode' };
    case 'int64Type':
      return { name, kind: 'int64', int64: planInt64(encoding, entity, `${name}.int64Type.encoding`) };
    default: {
      onlyKey(encoding, ['unixMicrosInt64'], entity, `${name}.timestampType.encoding`);
      const int64 = planInt64(
        encoding?.unixMicrosInt64,
        entity,
        `${name}.timestampType.encoding.unixMicrosInt64`,
      );
      return { name, kind: 'timestamp', int64 };
    }
  }
}

function toInt64(value: KeyValue, entity: string, field: string): bigint {
  let n: bigint;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
  else throw fail(entity, field, value, 'a bigint or a safe integer number');
  if (n < INT64_MIN || n > INT64_MAX) throw fail(entity, field, value, 'an int64 (-2^63 … 2^63-1)');
  return n;
}

function toMicros(value: KeyValue, entity: string, field: string): bigint {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw fail(entity, field, value, 'a valid Date');
    return BigInt(ms) * 1000n;
  }
  if (typeof value === 'bigint') return toInt64(value, entity, field);
  throw fail(entity, field, value, 'a Date or bigint microseconds since the epoch');
}

function encodeInt64(
  n: bigint,
  layout: 'bigEndian' | 'orderedCode',
  entity: string,
  field: string,
  value: unknown,
) {
  if (layout === 'orderedCode') return orderedCode.encodeInt64(n);
  // Two's complement puts negatives after positives, so sorted mode (row keys) accepts non-negative values only.
  if (n < 0n)
    throw fail(entity, field, value, 'a non-negative int64 (BigEndianBytes sorts only non-negatives)');
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, n);
  return out;
}

function decodeInt64(bytes: Uint8Array, layout: 'bigEndian' | 'orderedCode', entity: string, field: string) {
  if (layout === 'bigEndian') {
    if (bytes.length !== 8) throw fail(entity, field, bytes, 'exactly 8 bytes (Int64 BigEndianBytes)');
    const n = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigInt64(0);
    if (n < 0n) throw fail(entity, field, bytes, 'a non-negative int64 (BigEndianBytes sorted mode)');
    return n;
  }
  let read;
  try {
    read = orderedCode.decodeInt64(bytes);
  } catch (error) {
    throw new KeyEncodingError(
      {
        entity,
        field,
        value: bytes,
        limit: (error as KeyEncodingError).limit ?? 'a valid ordered-code int64',
      },
      error,
    );
  }
  if (read.next !== bytes.length)
    throw fail(entity, field, bytes, 'one ordered-code int64 and nothing after it');
  return read.value;
}

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
  checkObject({ api: 'compileRowKeySchema', argument: 'schema' }, schema);
  checkOptions({ api: 'compileRowKeySchema', argument: 'options' }, options);
  const entity = options.entity ?? 'row key';
  const timestamps = options.timestamps ?? 'micros';
  if (!schema || !Array.isArray(schema.fields))
    throw fail(entity, undefined, schema, 'a schema with a fields array');
  const plans = schema.fields.map((f, i) => planField(f, i, entity));
  const seen = new Set<string>();
  for (const p of plans) {
    if (seen.has(p.name)) throw fail(entity, p.name, p.name, 'unique field names');
    seen.add(p.name);
  }
  const structKey = onlyKey(
    schema.encoding,
    ['singleton', 'delimitedBytes', 'orderedCodeBytes'],
    entity,
    'encoding',
  );
  const structEncoding =
    structKey === 'singleton' ? 'singleton' : structKey === 'delimitedBytes' ? 'delimited' : 'orderedCode';
  let delimiter = EMPTY;
  if (structEncoding === 'delimited') {
    const d = (schema.encoding as { delimitedBytes: { delimiter: unknown } }).delimitedBytes?.delimiter;
    if (!(d instanceof Uint8Array) || d.length < 1 || d.length > 50) {
      throw fail(entity, 'encoding.delimitedBytes.delimiter', d, 'a delimiter of 1 to 50 bytes');
    }
    delimiter = Uint8Array.from(d);
  }
  if (structEncoding === 'singleton' && plans.length !== 1) {
    throw fail(entity, 'encoding.singleton', plans.length, 'exactly one field for the Singleton encoding');
  }
  const count = plans.length;

  function plan(index: number): FieldPlan {
    const p = plans[index];
    if (!p) throw fail(entity, undefined, index, `a field index below ${count}`);
    return p;
  }

  function encodeField(index: number, value: KeyValue): Uint8Array {
    const p = plan(index);
    let bytes: Uint8Array;
    switch (p.kind) {
      case 'string': {
        if (typeof value !== 'string') throw fail(entity, p.name, value, 'a string');
        const bad = loneSurrogateIndex(value);
        if (bad >= 0) throw fail(entity, p.name, value, loneSurrogateLimit(value, bad));
        bytes = utf8EncodeTransient(value);
        break;
      }
      case 'bytes':
        if (!(value instanceof Uint8Array)) throw fail(entity, p.name, value, 'a Uint8Array');
        bytes = value;
        break;
      case 'int64':
        bytes = encodeInt64(toInt64(value, entity, p.name), p.int64, entity, p.name, value);
        break;
      default:
        bytes = encodeInt64(toMicros(value, entity, p.name), p.int64, entity, p.name, value);
    }
    if (structEncoding === 'delimited') {
      const violation = delimitedViolation(bytes, delimiter);
      if (violation) throw fail(entity, p.name, value, violation.limit);
    }
    return bytes;
  }

  /** Decodes one field of a key `decode` has split (delimited fields are then known to hold no byte ≤ d0). */
  function decodeField(index: number, bytes: Uint8Array): KeyValue {
    const p = plan(index);
    switch (p.kind) {
      case 'string': {
        const text = utf8DecodeStrict(bytes);
        if (text === undefined) throw fail(entity, p.name, bytes, 'valid UTF-8');
        return text;
      }
      case 'bytes':
        return Uint8Array.from(bytes);
      case 'int64':
        return decodeInt64(bytes, p.int64, entity, p.name);
      default: {
        const micros = decodeInt64(bytes, p.int64, entity, p.name);
        if (timestamps === 'micros') return micros;
        if (micros % 1000n !== 0n)
          throw fail(entity, p.name, micros, 'whole milliseconds to decode as a Date');
        const ms = micros / 1000n;
        if (ms > MAX_DATE_MS || ms < -MAX_DATE_MS)
          throw fail(entity, p.name, micros, 'within the Date range');
        return new Date(Number(ms));
      }
    }
  }

  function checkKey(key: Uint8Array, value: unknown): Uint8Array {
    if (key.length === 0) throw fail(entity, undefined, value, 'a non-empty row key');
    if (key.length > MAX_ROW_KEY_BYTES) {
      throw fail(entity, undefined, key, `≤ ${MAX_ROW_KEY_BYTES} bytes (key has ${key.length})`);
    }
    return key;
  }

  function frame(fields: readonly Uint8Array[]): Uint8Array {
    if (structEncoding === 'delimited') return encodeDelimitedStruct(fields, delimiter);
    if (structEncoding === 'orderedCode') return encodeOrderedCodeStruct(fields);
    return Uint8Array.from(fields[0] ?? EMPTY);
  }

  function encodeAll(values: readonly KeyValue[], full: boolean): Uint8Array[] {
    if (!Array.isArray(values)) throw fail(entity, undefined, values, 'an array of field values');
    if (full ? values.length !== count : values.length > count) {
      throw fail(entity, undefined, values, `${full ? 'exactly' : 'at most'} ${count} field values`);
    }
    return values.map((v, i) => encodeField(i, v));
  }

  function encode(values: readonly KeyValue[]): Uint8Array {
    return checkKey(frame(encodeAll(values, true)), values);
  }

  function decode(key: Uint8Array): KeyValue[] {
    if (!(key instanceof Uint8Array)) throw fail(entity, undefined, key, 'a Uint8Array row key');
    checkKey(key, key);
    let parts: Uint8Array[] | string;
    if (structEncoding === 'delimited') parts = splitDelimitedStruct(key, delimiter, count);
    else if (structEncoding === 'orderedCode') parts = decodeOrderedCodeStruct(key, count);
    else parts = [key];
    if (typeof parts === 'string')
      throw fail(entity, undefined, key, `${STRUCT_LABEL[structEncoding]} key: ${parts}`);
    return parts.map((bytes, i) => decodeField(i, bytes));
  }

  function bound(key: Uint8Array, inclusive: boolean): Bound {
    if (key.length > MAX_ROW_KEY_BYTES + 1) {
      throw fail(entity, undefined, key, `≤ ${MAX_ROW_KEY_BYTES} bytes (a key prefix has ${key.length})`);
    }
    return { key, inclusive };
  }

  function prefixBlock(prefix: Uint8Array): Block {
    const end = keySuccessor(prefix);
    return {
      ...(prefix.length > 0 ? { start: bound(prefix, true) } : {}),
      ...(end ? { end: bound(end, false) } : {}),
    };
  }

  function block(values: readonly KeyValue[]): Block {
    const fields = encodeAll(values, false);
    if (fields.length === 0) return {};
    if (fields.length === count) {
      const key = frame(fields);
      // A one-field key of an empty value frames to no bytes: no row has it, but it is still a position (the
      // smallest), so `>= ''` reads every row and `= ''` none (normalizeKeyRanges drops a range ending at '').
      return pointKeyRange(key.length === 0 ? key : checkKey(key, values));
    }
    if (structEncoding === 'delimited') return prefixBlock(concatBytes([frame(fields), delimiter]));
    // Ordered code: rows with more non-empty fields start with the prefix (trailing empties written 00 00) and
    // stop before prefix‖00 02; the row whose remaining fields are all empty is shorter (they are omitted) and
    // sorts just before, with nothing valid in between, so one range from it covers the block.
    const prefix = orderedCodeStructPrefix(fields);
    return {
      start: bound(encodeOrderedCodeStruct(fields), true),
      end: bound(concatBytes([prefix, Uint8Array.of(0x00, 0x02)]), false),
    };
  }

  function startsWith(leading: readonly KeyValue[], text: string): Block {
    const fields = encodeAll(leading, false);
    const index = fields.length;
    if (index >= count)
      throw fail(entity, undefined, leading, `fewer than ${count} leading values before startsWith`);
    const p = plan(index);
    if (p.kind !== 'string')
      throw fail(entity, p.name, text, `startsWith only on a string field (this is ${p.kind})`);
    if (text === '') return block(leading);
    const bytes = encodeField(index, text);
    if (structEncoding === 'delimited') {
      return prefixBlock(concatBytes([...(index > 0 ? [frame(fields), delimiter] : []), bytes]));
    }
    if (structEncoding === 'singleton') return prefixBlock(bytes);
    const escaped: number[] = [];
    for (const b of bytes) escaped.push(...(b === 0 ? [0x00, 0xff] : [b]));
    const head = index > 0 ? [orderedCodeStructPrefix(fields), Uint8Array.of(0x00, 0x01)] : [];
    return prefixBlock(concatBytes([...head, Uint8Array.from(escaped)]));
  }

  return {
    schema,
    entity,
    fieldNames: plans.map((p) => p.name),
    structEncoding,
    fieldKinds: plans.map((p) => p.kind),
    encode,
    decode,
    encodeField,
    block,
    startsWith,
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
