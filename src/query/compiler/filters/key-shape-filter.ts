import type { KeyMetadata } from '../../../metadata/entity-metadata.js';
import { keyShape } from '../../../metadata/key-shape.js';
import type { KeyShapeField } from '../../../metadata/key-shape.js';
import type { RowFilter } from '../../../model/read-rows-request.js';

/*
 * Bigtable's and the emulator's RE2 match row keys byte by byte (Latin-1): a raw byte ≥ 0x80 in a pattern matches
 * that byte (Google's HBase adapter and RE2::QuoteMeta write them raw; the emulator uses a binary regexp), and a
 * class such as [^\x00-\x23] matches any byte outside it, `\n` included. No `.` is used, so no `(?s)` is needed.
 * The whole key must match (RE2 full match, as Bigtable applies it).
 */

const hex = (b: number): string => `\\x${b.toString(16).padStart(2, '0')}`;
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** One literal byte as RE2 reads it: word bytes and bytes ≥ 0x80 as they are, other printables after `\`, the rest `\xNN`. */
function literalByte(b: number, out: number[]): void {
  const word = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f;
  if (word || b >= 0x80) out.push(b);
  else if (b > 0x20 && b < 0x7f) out.push(0x5c, b);
  else out.push(...ascii(hex(b)));
}

/**
 * The RE2 pattern (bytes) matching exactly the given bytes, however binary: metacharacters, `\n`, 0x00, 0xFF and
 * invalid UTF-8 included.
 *
 * @example
 * ```ts
 * new TextDecoder().decode(re2Literal(new TextEncoder().encode('a.b#'))); // 'a\\.b\\#'
 * ```
 */
export function re2Literal(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (const b of bytes) literalByte(b, out);
  return Uint8Array.from(out);
}

/** Ordered code writes 0x00 inside a field as 00 FF. */
function orderedCodeEscape(field: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (const b of field) {
    out.push(b);
    if (b === 0x00) out.push(0xff);
  }
  return Uint8Array.from(out);
}

function fieldPattern(field: KeyShapeField, value: string, orderedCode: boolean): number[] {
  if (field.kind === 'value') return ascii(value);
  return [...re2Literal(orderedCode ? orderedCodeEscape(field.bytes) : field.bytes)];
}

const patterns = new WeakMap<KeyMetadata, Uint8Array>();

/**
 * The RE2 pattern of an entity's key shape (see {@link keyShape}): literals exact, value fields of any content,
 * and exactly the entity's field count, so a child's key (more fields) never matches.
 * - delimited: fields joined by the delimiter; a value field is any run of bytes above `delimiter[0]` (sorted mode:
 *   no field holds a byte ≤ it), e.g. `conv\#[^\x00-\x23]*` for `conv#<id>`;
 * - ordered code: fields joined by `00 01`; a value field is any run of non-zero bytes and `00 FF` / `00 00` pairs;
 *   fields that can be empty at the end of the key are optional (the encoding omits trailing empty fields).
 *
 * @example
 * ```ts
 * new TextDecoder('latin1').decode(keyShapePattern(conversationMeta.key)); // 'conv\\#[^\\x00-\\x23]*'
 * ```
 */
export function keyShapePattern(key: KeyMetadata): Uint8Array {
  const hit = patterns.get(key);
  if (hit) return hit;
  const shape = keyShape(key);
  let out: number[];
  if (shape.encoding.kind === 'delimited') {
    const d0 = shape.encoding.delimiter[0]!;
    const value = d0 === 0 ? '[^\\x00]*' : `[^\\x00-${hex(d0)}]*`;
    const delimiter = [...re2Literal(shape.encoding.delimiter)];
    out = shape.fields.flatMap((f, i) => [...(i > 0 ? delimiter : []), ...fieldPattern(f, value, false)]);
  } else {
    const value = '(?:[^\\x00]|\\x00[\\x00\\xff])*';
    const separator = ascii('\\x00\\x01');
    const fields = shape.fields.map((f) => fieldPattern(f, value, true));
    // Trailing fields that may be omitted nest as optional groups: a(?:SEP b(?:SEP c)?)?
    let tail: number[] = [];
    for (let i = fields.length - 1; i >= shape.minFields; i--)
      tail = [...ascii('(?:'), ...separator, ...fields[i]!, ...tail, ...ascii(')?')];
    out = [
      ...fields.slice(0, shape.minFields).flatMap((f, i) => [...(i > 0 ? separator : []), ...f]),
      ...tail,
    ];
  }
  const pattern = Uint8Array.from(out);
  patterns.set(key, pattern);
  return pattern;
}

/**
 * The row filter that returns only rows whose key has the entity's shape: a read under a prefix shared with child
 * entities gets its own rows, and the children are scanned by the server but not sent.
 *
 * @example
 * ```ts
 * keyShapeFilter(conversationMeta.key); // { rowKeyRegex: <conv\#[^\x00-\x23]*> }
 * ```
 */
export function keyShapeFilter(key: KeyMetadata): RowFilter {
  return { rowKeyRegex: keyShapePattern(key) };
}
