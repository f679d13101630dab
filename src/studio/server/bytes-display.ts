/** How many bytes (and text characters) of one value the studio shows; the rest is counted, never sent. */
export const PREVIEW_LIMIT = 4096;

/**
 * Bytes as the studio's JSON shows them (docs/studio.md, "API"): never a string the browser would interpret, but
 * the size, the hex and an escaped text of at most {@link PREVIEW_LIMIT} bytes.
 *
 * @example
 * ```ts
 * const shown: BytesDisplay = bytesDisplay(Buffer.from('dev#phone'));
 * ```
 */
export interface BytesDisplay {
  /** The total length in bytes. */
  readonly size: number;
  /** Lowercase hex of the first (at most) 4 KiB. */
  readonly hex: string;
  /** The first (at most) 4 KiB as UTF-8 text; invalid sequences, control characters and `\` as `\xNN`. */
  readonly text: string;
  /** Whether the shown bytes are valid UTF-8 without control characters (the text is the bytes, unescaped). */
  readonly utf8: boolean;
  /** Whether the value is longer than what is shown. */
  readonly truncated: boolean;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Whether a code point is a C0/C1 control character or DEL (shown escaped: they reorder or hide text). */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

function hexByte(byte: number): string {
  return `\\x${byte.toString(16).padStart(2, '0')}`;
}

/** The length of the valid UTF-8 sequence at `at`, or 0 when the byte there does not start one. */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const first = bytes[at]!;
  const length =
    first < 0x80
      ? 1
      : first >= 0xc2 && first <= 0xdf
        ? 2
        : first >= 0xe0 && first <= 0xef
          ? 3
          : first >= 0xf0 && first <= 0xf4
            ? 4
            : 0;
  if (length === 0 || at + length > bytes.length) return 0;
  try {
    decoder.decode(bytes.subarray(at, at + length));
    return length;
  } catch {
    return 0;
  }
}

/**
 * Escapes bytes as text: valid UTF-8 stays text, each byte of an invalid sequence, each control character and the
 * backslash become `\xNN`, so the text is unambiguous and never holds a character that hides or reorders others.
 */
function escapedText(bytes: Uint8Array): { readonly text: string; readonly clean: boolean } {
  let text = '';
  let clean = true;
  let at = 0;
  while (at < bytes.length) {
    const length = sequenceLength(bytes, at);
    if (length === 0) {
      text += hexByte(bytes[at]!);
      clean = false;
      at += 1;
      continue;
    }
    const char = decoder.decode(bytes.subarray(at, at + length));
    const code = char.codePointAt(0)!;
    if (isControl(code)) {
      clean = false;
      text += length === 1 ? hexByte(code) : [...bytes.subarray(at, at + length)].map(hexByte).join('');
    } else if (char === '\\') text += hexByte(0x5c);
    else text += char;
    at += length;
  }
  return { text, clean };
}

/**
 * The display object of bytes: size, hex and escaped text of the first 4 KiB (a cut multi-byte character at the
 * end shows as `\xNN`, and `utf8` then tells only about the shown part).
 *
 * @example
 * ```ts
 * bytesDisplay(Buffer.from('a\u0000')); // { size: 2, hex: '6100', text: 'a\\x00', utf8: false, truncated: false }
 * ```
 */
export function bytesDisplay(bytes: Uint8Array): BytesDisplay {
  const shown = bytes.subarray(0, PREVIEW_LIMIT);
  const { text, clean } = escapedText(shown);
  return {
    size: bytes.length,
    hex: Buffer.from(shown.buffer, shown.byteOffset, shown.length).toString('hex'),
    text,
    utf8: clean,
    truncated: bytes.length > PREVIEW_LIMIT,
  };
}

/**
 * A preview of text: at most {@link PREVIEW_LIMIT} characters, control characters escaped as `\xNN` (`\` too, so
 * the escape is unambiguous).
 *
 * @example
 * ```ts
 * previewText('line\nnext'); // { text: 'line\\x0anext', truncated: false }
 * ```
 */
export function previewText(value: string): { readonly text: string; readonly truncated: boolean } {
  const cut = value.length > PREVIEW_LIMIT;
  let text = '';
  for (const char of cut ? value.slice(0, PREVIEW_LIMIT) : value) {
    const code = char.codePointAt(0)!;
    // A lone surrogate (a string cut inside a pair, or built that way) is shown as its code unit.
    if (code >= 0xd800 && code <= 0xdfff) text += `\\u${code.toString(16)}`;
    else if (isControl(code)) text += code <= 0xff ? hexByte(code) : `\\u${code.toString(16)}`;
    else if (char === '\\') text += hexByte(0x5c);
    else text += char;
  }
  return { text, truncated: cut };
}
