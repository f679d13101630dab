/**
 * Contract between the row-key codecs (src/codecs/key/) and everything that builds or reads keys (metadata,
 * query planner, repository). Implementations live beside this file; this file only declares shapes.
 */

/** A value a key segment accepts. Which kinds a segment accepts depends on its type. */
export type KeyValue = string | Uint8Array | bigint | number | Date;

/** How an int64-like field is laid out inside an ordered-code key (delimited keys always use padded decimals). */
export type Int64Encoding = 'orderedCode' | 'bigEndian';

/**
 * One typed segment of a row key, in key order.
 *
 * @example
 * ```ts
 * const segments: SegmentSpec[] = [
 *   { type: 'literal', value: 'phone' },
 *   { type: 'string', name: 'deviceId' },
 *   { type: 'reversedTimestamp', name: 'at' },
 * ];
 * ```
 */
export type SegmentSpec =
  | { readonly type: 'string'; readonly name: string }
  | { readonly type: 'bytes'; readonly name: string }
  | {
      readonly type: 'int64';
      readonly name: string;
      /** Decimal width in delimited keys (zero-padded). Default: wide enough for any int64. */
      readonly width?: number;
      /** Layout in ordered-code keys. Default 'orderedCode'. */
      readonly encoding?: Int64Encoding;
      /** Decode to `number` (error if not safe) instead of `bigint`. Default 'bigint'. */
      readonly as?: 'bigint' | 'number';
    }
  | {
      /** A point in time, value `Date` (millisecond precision) or bigint microseconds. */
      readonly type: 'timestamp';
      readonly name: string;
      readonly as?: 'date' | 'micros';
      /** Layout of the microseconds in ordered-code keys (`unixMicrosInt64`). Default 'orderedCode'. */
      readonly encoding?: Int64Encoding;
    }
  | {
      /** `Long.MAX_VALUE - ts`: newest first. Value `Date` or bigint microseconds. */
      readonly type: 'reversedTimestamp';
      readonly name: string;
      readonly as?: 'date' | 'micros';
      /** Unit of the reversed number. Default 'millis' (as in the seeds). */
      readonly unit?: 'millis' | 'micros';
    }
  | {
      /** `Long.MAX_VALUE - n` for non-negative ids: highest first. */
      readonly type: 'reversedInt64';
      readonly name: string;
      readonly as?: 'bigint' | 'number';
    }
  | {
      /** `maps.google.com` stored as `com.google.maps`; the API takes and returns the natural form. */
      readonly type: 'reversedDomain';
      readonly name: string;
    }
  | {
      /** A constant: entity discriminator or tenant-like fixed prefix. */
      readonly type: 'literal';
      readonly value: string | Uint8Array;
      /** Field name in the exported row-key schema. Default `literal_<segment index>`. */
      readonly name?: string;
    }
  | {
      /** A stable hash of the named fields modulo `buckets`, zero-padded; must be the first segment. */
      readonly type: 'salt';
      readonly buckets: number;
      readonly of: readonly string[];
      /** Field name in the exported row-key schema. Default `salt`. */
      readonly name?: string;
    };

/** The struct encoding of the whole key (Bigtable `Type.Struct.Encoding`). */
export type KeyEncodingSpec =
  { readonly kind: 'delimited'; readonly delimiter: Uint8Array } | { readonly kind: 'orderedCode' };

/** A key range with Bigtable's semantics: start closed, end open; `undefined` start = "", end = +infinity. */
export interface KeyRange {
  readonly start?: { readonly key: Uint8Array; readonly inclusive: boolean };
  readonly end?: { readonly key: Uint8Array; readonly inclusive: boolean };
}

/** A condition on the first key field after the equal-matched leading ones. */
export type KeyCondition =
  | { readonly op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte'; readonly value: KeyValue }
  | { readonly op: 'between'; readonly low: KeyValue; readonly high: KeyValue }
  | { readonly op: 'startsWith'; readonly value: string }
  | { readonly op: 'in'; readonly values: readonly KeyValue[] };

/** Input of `createKeyCodec`. `entity` is used in error messages only. */
export interface KeyCodecOptions {
  readonly entity: string;
  readonly segments: readonly SegmentSpec[];
  readonly encoding: KeyEncodingSpec;
}

/**
 * Encodes, decodes and plans ranges for one entity's row keys. Built by `createKeyCodec(options)`.
 * Field values are keyed by segment `name`; literal and salt segments have no value of their own.
 */
export interface KeyCodec {
  readonly entity: string;
  /** Named fields in key order (literals and salt excluded). */
  readonly fields: readonly string[];
  /** Number of salt buckets, or 0. Reads fan out over them. */
  readonly saltBuckets: number;
  /** Full key. Throws KeyEncodingError naming entity, field, value and limit. */
  encode(values: Readonly<Record<string, KeyValue>>): Uint8Array;
  /** Fields of a full key. Throws KeyEncodingError when the key belongs to another entity or is malformed. */
  decode(key: Uint8Array): Record<string, KeyValue>;
  /**
   * Ranges of all rows whose first `k` fields equal the given ones (k = number of given leading fields, which must
   * be a leading run), optionally narrowed by a condition on field k+1. One range per salt bucket, and several for
   * `in`; never an empty or inverted range.
   */
  ranges(leading: Readonly<Record<string, KeyValue>>, next?: KeyCondition): KeyRange[];
}
