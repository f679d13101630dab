import type { KeyValue } from './key-codec-types.js';
import { MAX_ROW_KEY_BYTES } from './row-key-schema.js';
import type { SegmentCodec } from './segment-codecs.js';
import { utf8Encode } from './utf8.js';

/**
 * A shortcut through an entity's key codec for delimited keys whose segments all store text (strings, padded
 * decimals, reversed domains, text literals) and whose delimiter is ASCII: the key is built as one string and
 * written once, and read back by one scan of its bytes, without the schema layer's per-field byte arrays.
 *
 * Both directions are partial on purpose: they return `undefined` for anything unusual (a missing or invalid
 * value, a character the delimiter rule refuses, a key that is not plain ASCII, a literal that does not match),
 * and the caller then runs the general codec, which produces the result or the precise error. A result they do
 * return is byte-for-byte (encode) and value-for-value (decode) what the general codec returns; property tests pin
 * this.
 *
 * @example
 * ```ts
 * const fast = compileDelimitedKeyFastPath(codec.segments, Uint8Array.of(0x23));
 * const key = fast?.encode({ device: 'd1', seq: 7n }) ?? codec.encode({ device: 'd1', seq: 7n });
 * ```
 */
export interface DelimitedKeyFastPath {
  /** The key of `values`, or undefined to let the general codec encode (or refuse) them. */
  encode(values: Readonly<Record<string, KeyValue>>): Uint8Array | undefined;
  /** The fields of `key`, or undefined to let the general codec decode (or refuse) it. */
  decode(key: Uint8Array): Record<string, KeyValue> | undefined;
}

/** Segment types whose delimited stored value is a string the segment codec itself checks and converts. */
const TEXT_TYPES = new Set([
  'string',
  'int64',
  'timestamp',
  'reversedTimestamp',
  'reversedInt64',
  'reversedDomain',
]);

interface Step {
  /** Segment name; undefined for a literal. */
  readonly name: string | undefined;
  /** The literal's text (literals only). */
  readonly literal: string;
  readonly codec: SegmentCodec;
}

/**
 * The fast path of a delimited key layout, or undefined when the layout needs the general codec on every key
 * (a salt, a bytes segment or literal, a delimiter that is not ASCII).
 *
 * @example
 * ```ts
 * compileDelimitedKeyFastPath(codec.segments, new TextEncoder().encode('#'))?.decode(key);
 * ```
 */
export function compileDelimitedKeyFastPath(
  segments: readonly SegmentCodec[],
  delimiter: Uint8Array,
): DelimitedKeyFastPath | undefined {
  if (delimiter.length === 0 || delimiter.some((b) => b >= 0x80)) return undefined;
  const steps: Step[] = [];
  for (const codec of segments) {
    const spec = codec.spec;
    if (spec.type === 'literal') {
      if (typeof spec.value !== 'string') return undefined;
      steps.push({ name: undefined, literal: spec.value, codec });
    } else if (TEXT_TYPES.has(spec.type) && codec.name !== undefined) {
      steps.push({ name: codec.name, literal: '', codec });
    } else return undefined;
  }
  const d0 = delimiter[0]!;
  const delimiterText = String.fromCharCode(...delimiter);
  const count = steps.length;

  function encodeFast(values: Readonly<Record<string, KeyValue>>): Uint8Array | undefined {
    let text = '';
    let ascii = true;
    for (let i = 0; i < count; i++) {
      const step = steps[i]!;
      let part: string;
      if (step.name === undefined) part = step.literal;
      else {
        const value = values[step.name];
        if (value === undefined || value === null) return undefined;
        const stored = step.codec.toStored(value);
        if (typeof stored !== 'string') return undefined;
        part = stored;
      }
      // UTF-8 bytes at or below an ASCII d0 are exactly the characters at or below it: every byte of a multi-byte
      // sequence is ≥ 0x80. Literals were checked when the codec was built, but a scan of a few bytes costs less
      // than a flag.
      for (let j = 0; j < part.length; j++) {
        const c = part.charCodeAt(j);
        if (c <= d0) return undefined;
        if (c >= 0x80) ascii = false;
      }
      text = i === 0 ? part : text + delimiterText + part;
    }
    if (text.length === 0) return undefined;
    let key: Uint8Array;
    if (ascii) {
      key = new Uint8Array(text.length);
      for (let j = 0; j < text.length; j++) key[j] = text.charCodeAt(j);
    } else key = utf8Encode(text);
    return key.length > MAX_ROW_KEY_BYTES ? undefined : key;
  }

  function decodeFast(key: Uint8Array): Record<string, KeyValue> | undefined {
    if (!(key instanceof Uint8Array)) return undefined;
    const length = key.length;
    if (length === 0 || length > MAX_ROW_KEY_BYTES) return undefined;
    // One string for the whole key, sliced per field: cheaper than a subarray (a Buffer object for a Buffer key)
    // and a string per field. ASCII bytes are their own UTF-16 units, so for the keys accepted below each slice is
    // what the strict UTF-8 decoder would return; other keys are refused by the scan before any slice is used.
    const whole = String.fromCharCode.apply(null, key as never) as string;
    const out: Record<string, KeyValue> = {};
    let field = 0;
    let start = 0;
    let i = 0;
    for (;;) {
      const end = i;
      if (i < length) {
        const byte = key[i]!;
        if (byte >= 0x80) return undefined;
        if (byte > d0) {
          i++;
          continue;
        }
        if (byte < d0) return undefined;
        for (let j = 1; j < delimiter.length; j++) if (key[i + j] !== delimiter[j]) return undefined;
        i += delimiter.length;
      }
      if (field === count) return undefined;
      const step = steps[field++]!;
      const text = whole.slice(start, end);
      if (step.name === undefined) {
        if (text !== step.literal) return undefined;
      } else out[step.name] = step.codec.fromStored(text);
      if (end === length) break;
      start = i;
    }
    return field === count ? out : undefined;
  }

  return {
    encode(values) {
      try {
        return encodeFast(values);
      } catch {
        return undefined;
      }
    },
    decode(key) {
      try {
        return decodeFast(key);
      } catch {
        return undefined;
      }
    },
  };
}
