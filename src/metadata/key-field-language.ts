import { createKeyCodec } from '../codecs/key/create-key-codec.js';
import type { EntityKeyCodec } from '../codecs/key/create-key-codec.js';
import type { KeyValue, SegmentSpec } from '../codecs/key/key-codec-types.js';
import { encodeOrderedCodeStruct } from '../codecs/key/ordered-code-struct.js';
import { compileRowKeySchema } from '../codecs/key/row-key-schema.js';
import type { CompiledRowKeySchema } from '../codecs/key/row-key-schema.js';
import type { KeyMetadata } from './entity-metadata.js';

/**
 * The set of stored bytes each field of one entity's key can hold (its "language"), as an exact membership test
 * plus a finite list of sample members. Two entities' keys can only be equal field by field, so comparing these
 * per position decides whether a row key can belong to both.
 *
 * @example
 * ```ts
 * const language = keyFieldLanguage(meta.key);
 * language.accepts(1, new TextEncoder().encode('v1')); // true for a string key part at segment 1
 * ```
 */
export interface KeyFieldLanguage {
  readonly codec: EntityKeyCodec;
  /** Number of fields (segments) in the key. */
  readonly size: number;
  /** True when field `index` of a key can hold exactly these stored bytes (after struct framing is removed). */
  accepts(index: number, field: Uint8Array): boolean;
  /** Members of field `index`: its literal, or values chosen to meet other fields' languages (ends, small ones). */
  samples(index: number): readonly Uint8Array[];
  /** The stored bytes of `value` in field `index` (throws KeyEncodingError like the codec). */
  fieldOf(index: number, value: KeyValue): Uint8Array;
}

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const MAX_DATE_MS = 8_640_000_000_000_000;
const UTF8 = new TextEncoder();

// Integers whose encodings cover every length and both ends of every int64-like range: ordered-code varints of a
// range are a byte interval, so an intersection of two ranges always contains an end of one of them.
function integerSamples(): bigint[] {
  const out = new Set<bigint>([0n, 1n, -1n, INT64_MAX, INT64_MIN, 640n]);
  for (let k = 0n; k < 63n; k++) {
    const p = 1n << k;
    for (const v of [p, p - 1n, -p, -p - 1n]) out.add(v);
  }
  for (let k = 1n; k <= 19n; k++) out.add(10n ** k - 1n);
  return [...out];
}
const INTEGERS = integerSamples();
const DATES = [0, 1, -1, MAX_DATE_MS, -MAX_DATE_MS, 2 ** 52, -(2 ** 52), 1_000_000_000_000].map(
  (ms) => new Date(ms),
);
const STRINGS = ['', 'a', '~', '0', 'é', '\u{10000}'];
const BYTES = [[], [0x61], [0x7f], [0xff], [0x00], [0xc2, 0x80], [0x30]].map((b) => Uint8Array.from(b));

function valueSamples(spec: SegmentSpec): readonly KeyValue[] {
  switch (spec.type) {
    case 'literal':
      return [spec.value];
    case 'string':
      return STRINGS;
    case 'reversedDomain':
      return [...STRINGS, 'a.b'];
    case 'bytes':
      return BYTES;
    case 'int64':
    case 'reversedInt64':
      return INTEGERS;
    case 'salt':
      return INTEGERS.filter((n) => n >= 0n && n < BigInt(spec.buckets)).concat([BigInt(spec.buckets - 1)]);
    case 'timestamp':
    case 'reversedTimestamp':
      return [...DATES, ...INTEGERS];
  }
}

const cache = new WeakMap<KeyMetadata, KeyFieldLanguage>();

/**
 * The field languages of a resolved key (cached per key).
 *
 * @example
 * ```ts
 * keyFieldLanguage(meta.key).samples(0); // [bytes of the prefix literal]
 * ```
 */
export function keyFieldLanguage(key: KeyMetadata): KeyFieldLanguage {
  const cached = cache.get(key);
  if (cached) return cached;
  const codec = createKeyCodec({ entity: key.codec.entity, segments: key.segments, encoding: key.encoding });
  const whole = compileRowKeySchema(codec.rowKeySchema, { entity: codec.entity });
  // One single-field schema per field: decoding a field alone checks exactly what the struct decoder checks.
  const single: CompiledRowKeySchema[] = codec.rowKeySchema.fields.map((field) =>
    compileRowKeySchema({ fields: [field], encoding: codec.rowKeySchema.encoding }, { entity: codec.entity }),
  );
  const sampleCache = new Map<number, readonly Uint8Array[]>();

  function accepts(index: number, field: Uint8Array): boolean {
    const segment = codec.segments[index];
    if (!segment) return false;
    try {
      let stored: KeyValue;
      if (field.length === 0) {
        const type = segment.storedType;
        if ('stringType' in type) stored = '';
        else if ('bytesType' in type) stored = new Uint8Array(0);
        else return false;
      } else {
        const key = fieldKey(field);
        stored = single[index]!.decode(key)[0]!;
      }
      segment.fromStored(stored);
      return true;
    } catch {
      return false;
    }
  }

  function fieldKey(field: Uint8Array): Uint8Array {
    return codec.encoding.kind === 'orderedCode' ? encodeOrderedCodeStruct([field]) : field;
  }

  function samples(index: number): readonly Uint8Array[] {
    const hit = sampleCache.get(index);
    if (hit) return hit;
    const segment = codec.segments[index];
    const out: Uint8Array[] = [];
    const seen = new Set<string>();
    for (const value of segment ? valueSamples(segment.spec) : []) {
      try {
        const bytes = fieldOf(index, value);
        const id = Buffer.from(bytes).toString('hex');
        if (!seen.has(id) && accepts(index, bytes)) {
          seen.add(id);
          out.push(bytes);
        }
      } catch {
        // Not a value of this segment (out of range, wrong kind): not a sample.
      }
    }
    if (segment && segment.spec.type !== 'literal') {
      // Texts as stored bytes, so that a string field can meet any readable field of another entity.
      for (const text of STRINGS) {
        const bytes = UTF8.encode(text);
        const id = Buffer.from(bytes).toString('hex');
        if (!seen.has(id) && accepts(index, bytes)) {
          seen.add(id);
          out.push(bytes);
        }
      }
    }
    sampleCache.set(index, out);
    return out;
  }

  const fieldOf = (index: number, value: KeyValue): Uint8Array =>
    whole.encodeField(index, codec.segments[index]!.toStored(value));
  const language: KeyFieldLanguage = { codec, size: codec.segments.length, accepts, samples, fieldOf };
  cache.set(key, language);
  return language;
}
