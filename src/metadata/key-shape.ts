import type { KeyEncodingSpec } from '../codecs/key/key-codec-types.js';
import { bytesEqual } from '../codecs/key/bytes.js';
import type { KeyMetadata } from './entity-metadata.js';
import { keyFieldLanguage } from './key-field-language.js';

/**
 * One field of a key's shape: a literal (its stored bytes, struct framing removed) or a value field of any
 * content, and whether it can be empty (string and bytes fields; ordered code then omits it at the end of a key).
 */
export type KeyShapeField =
  | { readonly kind: 'literal'; readonly bytes: Uint8Array }
  | { readonly kind: 'value'; readonly canBeEmpty: boolean };

/**
 * The structure of an entity's row keys that a server-side row-key filter can test: the encoding, the fields in
 * order, and (ordered code) the least number of fields a key writes out (trailing empty fields are omitted).
 * Every key the entity's codec produces has this shape; a child's key never has it (it has more fields).
 *
 * @example
 * ```ts
 * const shape = keyShape(getEntityMetadata(Video).key); // video#<videoId>: literal 'video', then a value
 * shape.fields.length; // 2
 * ```
 */
export interface KeyShape {
  readonly encoding: KeyEncodingSpec;
  readonly fields: readonly KeyShapeField[];
  /** Fewest fields a key writes out: every field for delimited keys, up to the last non-empty-able one for ordered code. */
  readonly minFields: number;
}

const cache = new WeakMap<KeyMetadata, KeyShape>();

/**
 * The shape of a resolved key (cached per key).
 *
 * @example
 * ```ts
 * keyShape(meta.key).minFields; // 2 for video#<videoId>
 * ```
 */
export function keyShape(key: KeyMetadata): KeyShape {
  const hit = cache.get(key);
  if (hit) return hit;
  const language = keyFieldLanguage(key);
  const fields = key.segments.map((segment, i): KeyShapeField =>
    segment.type === 'literal'
      ? { kind: 'literal', bytes: language.fieldOf(i, '') }
      : { kind: 'value', canBeEmpty: language.accepts(i, new Uint8Array(0)) },
  );
  let minFields = fields.length;
  if (key.encoding.kind === 'orderedCode') {
    const omittable = (f: KeyShapeField): boolean => f.kind === 'value' && f.canBeEmpty;
    while (minFields > 1 && omittable(fields[minFields - 1]!)) minFields--;
  }
  const shape: KeyShape = Object.freeze({ encoding: key.encoding, fields: Object.freeze(fields), minFields });
  cache.set(key, shape);
  return shape;
}

function sameEncoding(a: KeyEncodingSpec, b: KeyEncodingSpec): boolean {
  if (a.kind === 'delimited' && b.kind === 'delimited') return bytesEqual(a.delimiter, b.delimiter);
  return a.kind === b.kind;
}

/**
 * True when no key of `other` has `reader`'s shape, so a row-key filter of the reader's shape keeps every row of
 * `other` from being returned. Exact for the shape: the field counts a key can write out do not meet, or a literal
 * of the reader stands where `other`'s field cannot hold it. False when the encodings differ (nothing is proven).
 *
 * @example
 * ```ts
 * keyShapeExcludes(videoMeta.key, commentMeta.key); // true: a comment key has 4 fields, a video key 2
 * ```
 */
export function keyShapeExcludes(reader: KeyMetadata, other: KeyMetadata): boolean {
  const a = keyShape(reader);
  const b = keyShape(other);
  if (!sameEncoding(a.encoding, b.encoding)) return false;
  // Delimited keys write out every field; ordered-code keys between minFields and all of them.
  if (b.minFields > a.fields.length || a.minFields > b.fields.length) return true;
  const language = keyFieldLanguage(other);
  return a.fields.some(
    (field, i) => field.kind === 'literal' && (i >= b.fields.length || !language.accepts(i, field.bytes)),
  );
}
