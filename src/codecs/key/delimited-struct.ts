import { byteLabel, concatBytes } from './bytes.js';

/**
 * Bigtable `Type.Struct.Encoding.DelimitedBytes` in sorted mode: fields concatenated with the delimiter, which is
 * never escaped. Order and unambiguous parsing both rest on one rule: no encoded field contains a byte ≤
 * `delimiter[0]`. Callers check it with {@link delimitedViolation} and raise their own typed error; this module
 * only frames and splits.
 */

/**
 * The first byte of a field that breaks the sorted-mode rule, with its position.
 *
 * @example
 * ```ts
 * const v: DelimitedViolation | undefined = delimitedViolation(field, delimiter);
 * if (v) console.log(`not allowed in a delimited key: ${v.limit}`);
 * ```
 */
export interface DelimitedViolation {
  readonly index: number;
  readonly byte: number;
  /** Rule text for error messages, e.g. `byte 0x23 at 3 ≤ delimiter 0x23 (sorted-mode delimited key)`. */
  readonly limit: string;
}

/**
 * Finds the first byte ≤ `delimiter[0]` in an encoded field, or undefined when the field is allowed.
 *
 * @example
 * ```ts
 * delimitedViolation(new TextEncoder().encode('a#b'), Uint8Array.of(0x23))?.limit;
 * // 'byte 0x23 at offset 1 ≤ delimiter[0] 0x23 (sorted-mode delimited key)'
 * ```
 */
export function delimitedViolation(field: Uint8Array, delimiter: Uint8Array): DelimitedViolation | undefined {
  const d0 = delimiter[0]!;
  for (let i = 0; i < field.length; i++) {
    const byte = field[i]!;
    if (byte <= d0) {
      return {
        index: i,
        byte,
        limit: `byte ${byteLabel(byte)} at offset ${i} ≤ delimiter[0] ${byteLabel(d0)} (sorted-mode delimited key)`,
      };
    }
  }
  return undefined;
}

/**
 * Joins already-validated encoded fields with the delimiter. A struct with no fields is the delimiter alone.
 *
 * @example
 * ```ts
 * encodeDelimitedStruct([a, b], Uint8Array.of(0x23)); // a # b
 * ```
 */
export function encodeDelimitedStruct(fields: readonly Uint8Array[], delimiter: Uint8Array): Uint8Array {
  if (fields.length === 0) return Uint8Array.from(delimiter);
  const parts: Uint8Array[] = [];
  fields.forEach((f, i) => {
    if (i > 0) parts.push(delimiter);
    parts.push(f);
  });
  return concatBytes(parts);
}

/**
 * Splits a key into exactly `count` fields, or returns a description of why it cannot be split. Because fields
 * never contain `delimiter[0]`, every occurrence of it starts a delimiter.
 *
 * @example
 * ```ts
 * decodeDelimitedStruct(new TextEncoder().encode('a#b'), Uint8Array.of(0x23), 2); // [a, b]
 * ```
 */
export function decodeDelimitedStruct(
  key: Uint8Array,
  delimiter: Uint8Array,
  count: number,
): Uint8Array[] | string {
  const fields = splitDelimitedStruct(key, delimiter, count);
  return typeof fields === 'string' ? fields : fields.map((f) => f.slice());
}

/**
 * {@link decodeDelimitedStruct} without the copies: the fields are views into `key`, for a caller that decodes
 * them at once (a row key is split once per row read). Every field byte is known to be above `delimiter[0]`.
 *
 * @example
 * ```ts
 * splitDelimitedStruct(new TextEncoder().encode('a#b'), Uint8Array.of(0x23), 2); // views of a, b
 * ```
 */
export function splitDelimitedStruct(
  key: Uint8Array,
  delimiter: Uint8Array,
  count: number,
): Uint8Array[] | string {
  if (count === 0) {
    return key.length === delimiter.length && key.every((b, i) => b === delimiter[i])
      ? []
      : 'a struct with no fields is the delimiter alone';
  }
  const d0 = delimiter[0]!;
  const fields: Uint8Array[] = [];
  let start = 0;
  let i = 0;
  while (i < key.length) {
    const byte = key[i]!;
    if (byte > d0) {
      i++;
      continue;
    }
    if (byte < d0) return `byte ${byteLabel(byte)} at offset ${i} < delimiter[0] ${byteLabel(d0)}`;
    for (let j = 1; j < delimiter.length; j++) {
      if (key[i + j] !== delimiter[j]) return `incomplete delimiter at offset ${i}`;
    }
    fields.push(key.subarray(start, i));
    i += delimiter.length;
    start = i;
  }
  fields.push(key.subarray(start));
  if (fields.length !== count) return `${fields.length} fields where the schema has ${count}`;
  return fields;
}
