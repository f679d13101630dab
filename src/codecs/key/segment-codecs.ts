import { checkObject, checkString as checkStringArgument } from '../../errors/check-argument.js';
import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import { bytesEqual, compareBytes } from './bytes.js';
import type { KeyValue, SegmentSpec } from './key-codec-types.js';
import type { RowKeyFieldType, RowKeyInt64Encoding } from './row-key-schema.js';
import { compareCodePoints, loneSurrogateIndex, loneSurrogateLimit } from './utf8.js';

/**
 * Which struct encoding a segment is laid out for.
 *
 * @example
 * ```ts
 * createSegmentCodec(spec, 0, 'orderedCode' satisfies KeyStructKind, 'Device');
 * ```
 */
export type KeyStructKind = 'delimited' | 'orderedCode';

/**
 * How one key segment maps its values onto the row-key-schema field that is actually stored, and how its values
 * compare. Named segments convert values; literal and salt segments have fixed or computed stored values.
 *
 * @example
 * ```ts
 * const id = createSegmentCodec({ type: 'reversedInt64', name: 'id' }, 1, 'delimited', 'Post');
 * id.toStored(7n);               // '9223372036854775800'
 * id.compare(1n, 2n);            // -1 (value order; id.descending is true)
 * ```
 */
export interface SegmentCodec {
  readonly spec: SegmentSpec;
  /** Segment name for named segments; undefined for literal and salt. */
  readonly name: string | undefined;
  /** Field name in the row-key schema (named segments: their name; literal/salt: `name` or a default). */
  readonly fieldName: string;
  /** The Bigtable type of the stored field. */
  readonly storedType: RowKeyFieldType;
  /** True when the stored order is the reverse of value order (reversed timestamps and ids). */
  readonly descending: boolean;
  /** Value → stored field value (string, Uint8Array or bigint). Throws {@link KeyEncodingError}. */
  toStored(value: KeyValue): KeyValue;
  /** Stored field value → value. Throws {@link KeyEncodingError}. */
  fromStored(stored: KeyValue): KeyValue;
  /** Value order (literal and salt: order of their stored values). */
  compare(a: KeyValue, b: KeyValue): number;
}

const INT64_MAX = (1n << 63n) - 1n;
const MAX_DATE_MS = 8_640_000_000_000_000n;
/**
 * Digits of Long.MAX_VALUE, the width of reversed values and the default int64 width in delimited keys.
 *
 * @example
 * ```ts
 * (9223372036854775807n).toString().length === INT64_DECIMAL_WIDTH; // true
 * ```
 */
export const INT64_DECIMAL_WIDTH = 19;

const STRING_TYPE: RowKeyFieldType = { stringType: { encoding: { utf8Bytes: {} } } };
const BYTES_TYPE: RowKeyFieldType = { bytesType: { encoding: { raw: {} } } };

function int64Type(encoding: 'orderedCode' | 'bigEndian' = 'orderedCode'): RowKeyFieldType {
  return { int64Type: { encoding: int64Encoding(encoding) } };
}

function int64Encoding(encoding: 'orderedCode' | 'bigEndian'): RowKeyInt64Encoding {
  return encoding === 'bigEndian' ? { bigEndianBytes: {} } : { orderedCodeBytes: {} };
}

/** Context for error messages. */
interface Where {
  readonly entity: string;
  readonly field: string;
}

function fail(where: Where, value: unknown, limit: string): KeyEncodingError {
  return new KeyEncodingError({ entity: where.entity, field: where.field, value, limit });
}

function toBigInt(value: KeyValue, where: Where): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw fail(where, value, 'a bigint or a safe integer number');
}

function asNumberOrBigint(
  n: bigint,
  as: 'bigint' | 'number' | undefined,
  where: Where,
  raw: unknown,
): KeyValue {
  if (as !== 'number') return n;
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw fail(where, raw, `a safe integer to decode as number (got ${n})`);
  }
  return Number(n);
}

function padDecimal(n: bigint, width: number, where: Where, value: unknown): string {
  // Fixed-width decimals sort numerically only for non-negative values ("-1" sorts after "0" bytewise), and a
  // readable order-preserving form for negatives does not exist in plain digits, so negatives are refused.
  if (n < 0n) throw fail(where, value, 'a non-negative integer (delimited keys store zero-padded decimals)');
  const digits = n.toString();
  if (digits.length > width)
    throw fail(where, value, `at most ${width} decimal digits (≤ ${'9'.repeat(width)})`);
  return digits.padStart(width, '0');
}

/** True when every character is an ASCII digit (a loop: this runs for every numeric field of every key read). */
function allDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

function parseDecimal(stored: KeyValue, width: number, where: Where): bigint {
  if (typeof stored !== 'string' || stored.length !== width || !allDigits(stored)) {
    throw fail(where, stored, `exactly ${width} decimal digits`);
  }
  return BigInt(stored);
}

function int64Stored(n: bigint, kind: KeyStructKind, width: number, where: Where, value: unknown): KeyValue {
  if (n > INT64_MAX || n < -INT64_MAX - 1n) throw fail(where, value, 'an int64 (-2^63 … 2^63-1)');
  return kind === 'delimited' ? padDecimal(n, width, where, value) : n;
}

function int64FromStored(stored: KeyValue, kind: KeyStructKind, width: number, where: Where): bigint {
  if (kind === 'delimited') return parseDecimal(stored, width, where);
  if (typeof stored !== 'bigint') throw fail(where, stored, 'a stored int64');
  return stored;
}

function compareInts(a: KeyValue, b: KeyValue): number {
  const x = BigInt(a as bigint | number);
  const y = BigInt(b as bigint | number);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Milliseconds or microseconds of a timestamp value, in the requested unit, refusing precision loss. */
function timestampIn(value: KeyValue, unit: 'millis' | 'micros', where: Where): bigint {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (Number.isNaN(ms)) throw fail(where, value, 'a valid Date');
    return unit === 'millis' ? BigInt(ms) : BigInt(ms) * 1000n;
  }
  if (typeof value === 'bigint') {
    if (unit === 'micros') return value;
    if (value % 1000n !== 0n)
      throw fail(where, value, 'whole milliseconds (this segment stores milliseconds)');
    return value / 1000n;
  }
  throw fail(where, value, 'a Date or bigint microseconds since the epoch');
}

function timestampValue(t: bigint, unit: 'millis' | 'micros', as: 'date' | 'micros', where: Where): KeyValue {
  const micros = unit === 'micros' ? t : t * 1000n;
  if (as === 'micros') return micros;
  if (micros % 1000n !== 0n) throw fail(where, micros, 'whole milliseconds to decode as a Date');
  const ms = micros / 1000n;
  if (ms > MAX_DATE_MS || ms < -MAX_DATE_MS) throw fail(where, micros, 'within the Date range (±8.64e15 ms)');
  return new Date(Number(ms));
}

function compareTimestamps(a: KeyValue, b: KeyValue): number {
  const x = a instanceof Date ? BigInt(a.getTime()) * 1000n : (a as bigint);
  const y = b instanceof Date ? BigInt(b.getTime()) * 1000n : (b as bigint);
  return x < y ? -1 : x > y ? 1 : 0;
}

function checkString(value: KeyValue, where: Where): string {
  if (typeof value !== 'string') throw fail(where, value, 'a string');
  const bad = loneSurrogateIndex(value);
  if (bad >= 0) throw fail(where, value, loneSurrogateLimit(value, bad));
  return value;
}

/**
 * `maps.google.com` ↔ `com.google.maps`: the labels in reverse order. It is its own inverse for every string.
 *
 * @example
 * ```ts
 * reverseDomain('maps.google.com'); // 'com.google.maps'
 * ```
 */
export function reverseDomain(domain: string): string {
  return domain.split('.').reverse().join('.');
}

/**
 * Decimal width of a salt bucket number in delimited keys: the digits of `buckets - 1`.
 *
 * @example
 * ```ts
 * saltWidth(100); // 2 (buckets 00..99)
 * ```
 */
export function saltWidth(buckets: number): number {
  return String(Math.max(0, buckets - 1)).length;
}

/**
 * Builds the codec of one segment for a struct encoding. `index` is the segment's position (used for default
 * field names); `entity` appears in error messages.
 *
 * @example
 * ```ts
 * const at = createSegmentCodec({ type: 'reversedTimestamp', name: 'at' }, 2, 'delimited', 'Reading');
 * at.toStored(new Date(0)); // '9223372036854775807'
 * ```
 */
export function createSegmentCodec(
  spec: SegmentSpec,
  index: number,
  kind: KeyStructKind,
  entity: string,
): SegmentCodec {
  checkObject({ api: 'createSegmentCodec', argument: 'spec' }, spec);
  checkStringArgument({ api: 'createSegmentCodec', argument: 'kind' }, kind, 'a string');
  checkStringArgument({ api: 'createSegmentCodec', argument: 'entity' }, entity, 'a string');
  switch (spec.type) {
    case 'string': {
      const where = { entity, field: spec.name };
      return {
        spec,
        name: spec.name,
        fieldName: spec.name,
        storedType: STRING_TYPE,
        descending: false,
        toStored: (v) => checkString(v, where),
        fromStored: (s) => checkString(s, where),
        compare: (a, b) => compareCodePoints(a as string, b as string),
      };
    }
    case 'bytes': {
      const where = { entity, field: spec.name };
      const check = (v: KeyValue) => {
        if (!(v instanceof Uint8Array)) throw fail(where, v, 'a Uint8Array');
        return v;
      };
      return {
        spec,
        name: spec.name,
        fieldName: spec.name,
        storedType: BYTES_TYPE,
        descending: false,
        toStored: check,
        fromStored: check,
        compare: (a, b) => compareBytes(a as Uint8Array, b as Uint8Array),
      };
    }
    case 'int64': {
      const where = { entity, field: spec.name };
      const width = spec.width ?? INT64_DECIMAL_WIDTH;
      if (!Number.isInteger(width) || width < 1 || width > INT64_DECIMAL_WIDTH) {
        throw fail(where, spec.width, `a width between 1 and ${INT64_DECIMAL_WIDTH} digits`);
      }
      return {
        spec,
        name: spec.name,
        fieldName: spec.name,
        storedType: kind === 'delimited' ? STRING_TYPE : int64Type(spec.encoding),
        descending: false,
        toStored: (v) => int64Stored(toBigInt(v, where), kind, width, where, v),
        fromStored: (s) => asNumberOrBigint(int64FromStored(s, kind, width, where), spec.as, where, s),
        compare: compareInts,
      };
    }
    case 'timestamp': {
      const where = { entity, field: spec.name };
      const as = spec.as ?? 'date';
      // Delimited keys hold what the value can carry without loss (ms for Date, µs for micros); ordered-code keys
      // hold Bigtable's Timestamp type, always microseconds.
      const unit = kind === 'delimited' && as === 'date' ? 'millis' : 'micros';
      return {
        spec,
        name: spec.name,
        fieldName: spec.name,
        storedType:
          kind === 'delimited'
            ? STRING_TYPE
            : {
                timestampType: {
                  encoding: { unixMicrosInt64: int64Encoding(spec.encoding ?? 'orderedCode') },
                },
              },
        descending: false,
        toStored: (v) => {
          // A Date segment decodes to Date, so sub-millisecond input could not come back: refuse it now.
          if (as === 'date' && typeof v === 'bigint' && v % 1000n !== 0n) {
            throw fail(where, v, "whole milliseconds (the segment decodes as Date; use as: 'micros')");
          }
          return int64Stored(timestampIn(v, unit, where), kind, INT64_DECIMAL_WIDTH, where, v);
        },
        fromStored: (s) =>
          timestampValue(int64FromStored(s, kind, INT64_DECIMAL_WIDTH, where), unit, as, where),
        compare: compareTimestamps,
      };
    }
    case 'reversedTimestamp': {
      const where = { entity, field: spec.name };
      const as = spec.as ?? 'date';
      const unit = spec.unit ?? 'millis';
      return {
        spec,
        name: spec.name,
        fieldName: spec.name,
        storedType: kind === 'delimited' ? STRING_TYPE : int64Type(),
        descending: true,
        toStored: (v) => {
          const t = timestampIn(v, unit, where);
          if (t < 0n)
            throw fail(where, v, 'a time at or after 1970-01-01 (reversed timestamps are MAX - t ≥ 0)');
          return int64Stored(INT64_MAX - t, kind, INT64_DECIMAL_WIDTH, where, v);
        },
        fromStored: (s) => {
          const r = int64FromStored(s, kind, INT64_DECIMAL_WIDTH, where);
          if (r < 0n || r > INT64_MAX) throw fail(where, s, 'a reversed timestamp between 0 and 2^63-1');
          return timestampValue(INT64_MAX - r, unit, as, where);
        },
        compare: compareTimestamps,
      };
    }
    case 'reversedInt64': {
      const where = { entity, field: spec.name };
      return {
        spec,
        name: spec.name,
        fieldName: spec.name,
        storedType: kind === 'delimited' ? STRING_TYPE : int64Type(),
        descending: true,
        toStored: (v) => {
          const n = toBigInt(v, where);
          if (n < 0n || n > INT64_MAX)
            throw fail(where, v, 'an id between 0 and 2^63-1 (reversed ids are MAX - n)');
          return int64Stored(INT64_MAX - n, kind, INT64_DECIMAL_WIDTH, where, v);
        },
        fromStored: (s) => {
          const r = int64FromStored(s, kind, INT64_DECIMAL_WIDTH, where);
          if (r < 0n) throw fail(where, s, 'a reversed id between 0 and 2^63-1');
          return asNumberOrBigint(INT64_MAX - r, spec.as, where, s);
        },
        compare: compareInts,
      };
    }
    case 'reversedDomain': {
      const where = { entity, field: spec.name };
      return {
        spec,
        name: spec.name,
        fieldName: spec.name,
        storedType: STRING_TYPE,
        descending: false,
        toStored: (v) => reverseDomain(checkString(v, where)),
        fromStored: (s) => reverseDomain(checkString(s, where)),
        // Value order is the order of the stored (reversed) form: that is the order rows come back in.
        compare: (a, b) => compareCodePoints(reverseDomain(a as string), reverseDomain(b as string)),
      };
    }
    case 'literal': {
      const fieldName = spec.name ?? `literal_${index}`;
      const where = { entity, field: fieldName };
      const literal = spec.value;
      if (typeof literal === 'string') checkString(literal, where);
      else if (!(literal instanceof Uint8Array)) throw fail(where, literal, 'a string or Uint8Array literal');
      if (literal.length === 0) throw fail(where, literal, 'a non-empty literal');
      const matches = (s: KeyValue) =>
        typeof literal === 'string' ? s === literal : s instanceof Uint8Array && bytesEqual(s, literal);
      return {
        spec,
        name: undefined,
        fieldName,
        storedType: typeof literal === 'string' ? STRING_TYPE : BYTES_TYPE,
        descending: false,
        toStored: () => literal,
        fromStored: (s) => {
          if (!matches(s))
            throw fail(where, s, `the literal ${JSON.stringify(String(literal))} of ${entity}`);
          return literal;
        },
        compare: () => 0,
      };
    }
    case 'salt': {
      const fieldName = spec.name ?? 'salt';
      const where = { entity, field: fieldName };
      if (!Number.isSafeInteger(spec.buckets) || spec.buckets < 1 || spec.buckets > 1_000_000) {
        throw fail(where, spec.buckets, 'a bucket count between 1 and 1000000');
      }
      const width = saltWidth(spec.buckets);
      return {
        spec,
        name: undefined,
        fieldName,
        storedType: kind === 'delimited' ? STRING_TYPE : int64Type(),
        descending: false,
        toStored: (v) => {
          const n = toBigInt(v, where);
          if (n < 0n || n >= BigInt(spec.buckets)) throw fail(where, v, `a bucket in 0..${spec.buckets - 1}`);
          return kind === 'delimited' ? padDecimal(n, width, where, v) : n;
        },
        fromStored: (s) => {
          const n = int64FromStored(s, kind, width, where);
          if (n < 0n || n >= BigInt(spec.buckets)) throw fail(where, s, `a bucket in 0..${spec.buckets - 1}`);
          return Number(n);
        },
        compare: compareInts,
      };
    }
    default: {
      const type: unknown = (spec as { type: unknown }).type;
      throw new KeyEncodingError({ entity, field: undefined, value: type, limit: 'a known segment type' });
    }
  }
}
