/**
 * Strict UTF-8 for key strings. `TextEncoder` silently turns a lone surrogate into U+FFFD and a default
 * `TextDecoder` drops a leading BOM and replaces invalid bytes; either would make decode(encode(x)) ≠ x, so key
 * codecs detect lone surrogates up front and decode with `fatal` and `ignoreBOM`.
 */

const encoder = new TextEncoder();
// Node's Buffer.from encodes short strings about ten times faster than TextEncoder (a pooled slice, no new
// ArrayBuffer); elsewhere TextEncoder does the same job.
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
type WellFormedCheck = { isWellFormed?: () => boolean };
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// With the `u` flag a well-formed surrogate pair is one code point, so this matches lone surrogates only.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Index (in UTF-16 units) of the first lone surrogate, or -1 when the string is well-formed.
 *
 * @example
 * ```ts
 * loneSurrogateIndex('a\uD800'); // 1
 * ```
 */
export function loneSurrogateIndex(value: string): number {
  // isWellFormed (ES2024) answers the common case without a regex match; the regex only locates the culprit.
  if ((value as WellFormedCheck).isWellFormed?.() === true) return -1;
  const match = LONE_SURROGATE.exec(value);
  return match === null ? -1 : match.index;
}

/**
 * Describes the lone surrogate of a string for error limits, e.g. `lone surrogate U+D800 at index 1 (UTF-8 cannot
 * represent it)`.
 *
 * @example
 * ```ts
 * loneSurrogateLimit('a\uD800', 1);
 * ```
 */
export function loneSurrogateLimit(value: string, index: number): string {
  const unit = value.charCodeAt(index).toString(16).toUpperCase();
  return `a well-formed string: lone surrogate U+${unit} at index ${index} cannot be represented in UTF-8`;
}

/**
 * UTF-8 bytes of a well-formed string (check {@link loneSurrogateIndex} first).
 *
 * @example
 * ```ts
 * utf8Encode('é'); // Uint8Array [0xc3, 0xa9]
 * ```
 */
export function utf8Encode(value: string): Uint8Array {
  return encoder.encode(value);
}

/**
 * UTF-8 bytes of a well-formed string, for bytes that are only copied or sent (key fields joined into a key, cell
 * values in a mutation): a Node `Buffer` from the shared pool where there is one, so never hand it to a user as is.
 *
 * @example
 * ```ts
 * const bytes = utf8EncodeTransient('phone'); // 70 68 6f 6e 65
 * ```
 */
export function utf8EncodeTransient(value: string): Uint8Array {
  return NodeBuffer === undefined ? encoder.encode(value) : NodeBuffer.from(value, 'utf8');
}

/**
 * Decodes UTF-8, or returns undefined for bytes that are not valid UTF-8.
 *
 * @example
 * ```ts
 * utf8DecodeStrict(Uint8Array.of(0xc3, 0x28)); // undefined
 * ```
 */
export function utf8DecodeStrict(bytes: Uint8Array): string | undefined {
  try {
    return utf8DecodeFatal(bytes);
  } catch {
    return undefined;
  }
}

/** Above this length the native decoder's fixed cost is repaid; below it a scan and fromCharCode are faster. */
const ASCII_SCAN_MAX = 64;

/**
 * Decodes UTF-8 exactly as a fatal `TextDecoder` that keeps a BOM does, throwing its `TypeError` for bytes that
 * are not valid UTF-8. Short ASCII runs (most key fields, qualifiers and text values) skip the decoder call: ASCII
 * bytes are their own UTF-16 units, and neither a BOM nor an invalid sequence can be ASCII.
 *
 * @example
 * ```ts
 * utf8DecodeFatal(Uint8Array.of(0x68, 0x69)); // 'hi'
 * ```
 */
export function utf8DecodeFatal(bytes: Uint8Array): string {
  const length = bytes.length;
  if (length <= ASCII_SCAN_MAX) {
    let i = 0;
    while (i < length && bytes[i]! < 0x80) i++;
    if (i === length) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  }
  return decoder.decode(bytes);
}

/**
 * Compares two well-formed strings in code point order, which is the byte order of their UTF-8 encodings (JS `<`
 * compares UTF-16 units and disagrees for characters above U+FFFF versus U+E000–U+FFFF).
 *
 * @example
 * ```ts
 * compareCodePoints('\uFFFF', '\u{10000}'); // -1, although '\uFFFF' > '\u{10000}' in JS
 * ```
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (D800–DFFF) stand for code points above FFFF, so they outrank E000–FFFF.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}
