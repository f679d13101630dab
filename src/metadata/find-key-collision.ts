import { checkObject } from '../errors/check-argument.js';
import { bytesEqual } from '../codecs/key/bytes.js';
import { encodeDelimitedStruct } from '../codecs/key/delimited-struct.js';
import type { KeyValue } from '../codecs/key/key-codec-types.js';
import { encodeOrderedCodeStruct } from '../codecs/key/ordered-code-struct.js';
import type { KeyMetadata } from './entity-metadata.js';
import { keyFieldLanguage } from './key-field-language.js';
import type { KeyFieldLanguage } from './key-field-language.js';

/**
 * A row key two entities' codecs can both produce, with what each decodes it as. `first`/`second` are undefined
 * when the key could not be confirmed by decoding (salted keys whose buckets never agree on the sampled values):
 * it then only shows the shape the two layouts share.
 *
 * @example
 * ```ts
 * const c: KeyCollision = { key: new TextEncoder().encode('a'), first: { continent: 'a' }, second: { continent: 'a', country: '' } };
 * ```
 */
export interface KeyCollision {
  /** The row key both layouts can produce. */
  readonly key: Uint8Array;
  /** The key decoded by the first layout's codec. */
  readonly first: Readonly<Record<string, KeyValue>> | undefined;
  /** The key decoded by the second layout's codec. */
  readonly second: Readonly<Record<string, KeyValue>> | undefined;
}

const EMPTY = new Uint8Array(0);

/** A stored field both languages hold at `index` (non-empty preferred, or required). */
function meet(
  a: KeyFieldLanguage,
  b: KeyFieldLanguage,
  index: number,
  nonEmpty: boolean,
): Uint8Array | undefined {
  for (const field of [...a.samples(index), ...b.samples(index)]) {
    if (field.length > 0 && a.accepts(index, field) && b.accepts(index, field)) return field;
  }
  return !nonEmpty && a.accepts(index, EMPTY) && b.accepts(index, EMPTY) ? EMPTY : undefined;
}

function meetAll(a: KeyFieldLanguage, b: KeyFieldLanguage, count: number, lastNonEmpty: boolean) {
  const fields: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const field = meet(a, b, i, lastNonEmpty && i === count - 1);
    if (!field) return undefined;
    fields.push(field);
  }
  return fields;
}

function tryDecode(language: KeyFieldLanguage, key: Uint8Array): Record<string, KeyValue> | undefined {
  try {
    return language.codec.decode(key);
  } catch {
    return undefined;
  }
}

/** Confirms a candidate key by decoding it with both codecs; salted keys get every bucket tried in field 0. */
function confirm(
  a: KeyFieldLanguage,
  b: KeyFieldLanguage,
  fields: Uint8Array[],
  encode: (fields: Uint8Array[]) => Uint8Array,
): KeyCollision {
  const key = encode(fields);
  const first = tryDecode(a, key);
  const second = tryDecode(b, key);
  if (first && second) return { key, first, second };
  const salted = [a, b].find((l) => l.codec.segments[0]?.spec.type === 'salt');
  const buckets = salted ? Math.min(salted.codec.saltBuckets, 10_000) : 0;
  for (let bucket = 0; bucket < buckets; bucket++) {
    const candidate = encode([salted!.fieldOf(0, bucket), ...fields.slice(1)]);
    const x = tryDecode(a, candidate);
    const y = tryDecode(b, candidate);
    if (x && y) return { key: candidate, first: x, second: y };
  }
  return { key, first: undefined, second: undefined };
}

/**
 * A row key that decodes as an entity of layout `a` and as one of layout `b` — the ambiguity that makes a row's type
 * undecidable from its key — or `undefined` when no such key exists, or `'incomparable'` when the two keys use
 * different struct encodings or delimiters (decided by key ranges instead).
 *
 * Keys of one struct encoding are equal only field by field: delimited keys need the same number of fields
 * (fields never hold the delimiter), ordered-code keys may differ in count only by trailing empty fields (which
 * are omitted). Each position then needs a stored value both fields accept: a literal against a literal, padded
 * decimals of one width against another's range, a string against anything readable, and so on — decided with the
 * segment codecs themselves ({@link keyFieldLanguage}).
 *
 * @example
 * ```ts
 * findKeyCollision(getEntityMetadata(Video).key, getEntityMetadata(Comment).key);
 * // undefined: video#<id> has 2 fields, video#<id>#c#<ts> has 4
 * // Ordered-code levels `continent` / `continent, country` without a literal between them:
 * // { key: 'a', first: { continent: 'a' }, second: { continent: 'a', country: '' } }
 * ```
 */
export function findKeyCollision(a: KeyMetadata, b: KeyMetadata): KeyCollision | 'incomparable' | undefined {
  checkObject({ api: 'findKeyCollision', argument: 'a' }, a);
  checkObject({ api: 'findKeyCollision', argument: 'b' }, b);
  const x = keyFieldLanguage(a);
  const y = keyFieldLanguage(b);
  const ex = a.encoding;
  const ey = b.encoding;
  if (ex.kind === 'delimited' && ey.kind === 'delimited') {
    if (!bytesEqual(ex.delimiter, ey.delimiter)) return 'incomparable';
    if (x.size !== y.size) return undefined;
    const fields = meetAll(x, y, x.size, false);
    return fields && confirm(x, y, fields, (f) => encodeDelimitedStruct(f, ex.delimiter));
  }
  if (ex.kind !== ey.kind) return 'incomparable';
  // Ordered code: a key with m explicit fields is also a key of every layout whose later fields accept ''.
  // Longest first: the example key then shows the most fields.
  for (let m = Math.min(x.size, y.size); m >= 0; m--) {
    const padded = (l: KeyFieldLanguage) =>
      Array.from({ length: l.size - m }, (_, j) => l.accepts(m + j, EMPTY)).every(Boolean);
    if (!padded(x) || !padded(y)) continue;
    const fields = meetAll(x, y, m, true);
    if (fields) return confirm(x, y, fields, encodeOrderedCodeStruct);
  }
  return undefined;
}

/**
 * A valid key of one layout built from its sample fields (non-empty ones preferred), for messages.
 *
 * @example
 * ```ts
 * sampleKey(getEntityMetadata(Video).key); // 'video#a'
 * ```
 */
export function sampleKey(key: KeyMetadata): Uint8Array | undefined {
  const language = keyFieldLanguage(key);
  const fields = Array.from({ length: language.size }, (_, i) => {
    const samples = language.samples(i);
    return samples.find((s) => s.length > 0) ?? samples[0];
  });
  if (fields.some((f) => f === undefined)) return undefined;
  const encoding = key.encoding;
  const candidate =
    encoding.kind === 'delimited'
      ? encodeDelimitedStruct(fields as Uint8Array[], encoding.delimiter)
      : encodeOrderedCodeStruct(fields as Uint8Array[]);
  return tryDecode(language, candidate) ? candidate : undefined;
}
