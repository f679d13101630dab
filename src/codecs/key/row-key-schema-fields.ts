import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import { delimitedViolation } from './delimited-struct.js';
import type { KeyValue } from './key-codec-types.js';
import { orderedCode } from './ordered-code.js';
import type { SchemaPlan } from './row-key-schema-plan.js';
import { fail, fieldPlan } from './row-key-schema-plan.js';
import { loneSurrogateIndex, loneSurrogateLimit, utf8DecodeStrict, utf8EncodeTransient } from './utf8.js';

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const MAX_DATE_MS = 8_640_000_000_000_000n;

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
 * A field's own sorted-mode bytes (before struct framing), after every check the struct encoding imposes.
 *
 * @example
 * ```ts
 * encodeSchemaField(plan, 0, 'phone'); // bytes of 'phone'
 * ```
 */
export function encodeSchemaField(s: SchemaPlan, index: number, value: KeyValue): Uint8Array {
  const { entity, structEncoding, delimiter } = s;
  const p = fieldPlan(s, index);
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

/**
 * Decodes one field of a key `decodeSchemaKey` has split (delimited fields are then known to hold no byte ≤ d0).
 *
 * @example
 * ```ts
 * decodeSchemaField(plan, 0, bytes); // 'phone'
 * ```
 */
export function decodeSchemaField(s: SchemaPlan, index: number, bytes: Uint8Array): KeyValue {
  const { entity, timestamps } = s;
  const p = fieldPlan(s, index);
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
      if (micros % 1000n !== 0n) throw fail(entity, p.name, micros, 'whole milliseconds to decode as a Date');
      const ms = micros / 1000n;
      if (ms > MAX_DATE_MS || ms < -MAX_DATE_MS) throw fail(entity, p.name, micros, 'within the Date range');
      return new Date(Number(ms));
    }
  }
}
