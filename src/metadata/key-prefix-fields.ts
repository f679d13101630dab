import { bytesEqual } from '../codecs/key/bytes.js';
import type { KeyRange } from '../codecs/key/key-codec-types.js';
import { keySuccessor } from '../codecs/key/key-range.js';
import type { KeyMetadata } from './entity-metadata.js';
import { keyFieldLanguage } from './key-field-language.js';

/**
 * The complete fields at the start of `prefix` under a struct encoding (unescaped), and whether bytes follow the
 * last complete field (the start of one more field, or its separator).
 */
function splitPrefix(
  key: KeyMetadata,
  prefix: Uint8Array,
): { readonly fields: Uint8Array[]; readonly more: boolean } | undefined {
  const encoding = key.encoding;
  const fields: Uint8Array[] = [];
  if (encoding.kind === 'delimited') {
    const d = encoding.delimiter;
    let start = 0;
    for (let i = 0; i + d.length <= prefix.length; i++) {
      if (bytesEqual(prefix.subarray(i, i + d.length), d)) {
        fields.push(prefix.slice(start, i));
        i += d.length - 1;
        start = i + 1;
      }
    }
    return { fields, more: prefix.length > 0 };
  }
  let current: number[] = [];
  for (let i = 0; i < prefix.length; i++) {
    const b = prefix[i]!;
    if (b !== 0x00) {
      current.push(b);
      continue;
    }
    const c = prefix[i + 1];
    if (c === undefined) break; // an escape cut in half: part of the next field
    i++;
    if (c === 0xff) current.push(0x00);
    else if (c === 0x01) {
      fields.push(Uint8Array.from(current));
      current = [];
    } else if (c !== 0x00) return undefined; // not an ordered-code key: leave it to the range test
  }
  return { fields, more: prefix.length > 0 };
}

/**
 * False when no key of this layout can start with `prefix`: the prefix's complete fields do not fit the layout's
 * fields (a literal differs, a value cannot be stored there) or the layout has too few fields. True otherwise
 * (a sound over-approximation: true does not promise such a key exists).
 *
 * @example
 * ```ts
 * mayHaveKeysStartingWith(videoMeta.key, new TextEncoder().encode('video#v1#c#')); // false: a video key has 2 fields
 * ```
 */
export function mayHaveKeysStartingWith(key: KeyMetadata, prefix: Uint8Array): boolean {
  const split = splitPrefix(key, prefix);
  if (!split) return true;
  const language = keyFieldLanguage(key);
  const needed = split.fields.length + (split.more ? 1 : 0);
  if (language.size < needed) return false;
  return split.fields.every((field, i) => language.accepts(i, field));
}

/**
 * Bytes every key in the range starts with: the prefix of a prefix range, else the bounds' longest common prefix
 * (empty when a bound is open).
 *
 * @example
 * ```ts
 * rangeCommonPrefix(prefixKeyRange(new TextEncoder().encode('video#v1#'))); // 'video#v1#' (a prefix range)
 * ```
 */
export function rangeCommonPrefix(range: KeyRange): Uint8Array {
  const a = range.start?.key;
  const b = range.end?.key;
  if (a === undefined) return new Uint8Array(0);
  // [p, successor(p)) is exactly "every key starting with p", a sharper answer than the bounds' common bytes.
  const successor = keySuccessor(a);
  if (
    range.start?.inclusive &&
    (b === undefined ? successor === undefined : successor !== undefined && bytesEqual(b, successor)) &&
    !range.end?.inclusive
  )
    return a;
  if (b === undefined) return new Uint8Array(0);
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return a.slice(0, n);
}
