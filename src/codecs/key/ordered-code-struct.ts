/**
 * Bigtable `Type.Struct.Encoding.OrderedCodeBytes`: each field's own sorted-mode bytes with 00 → 00 FF (FF is not
 * escaped), fields joined with 00 01, a non-trailing empty field written 00 00, trailing empty fields omitted, and
 * an all-empty (or field-less) struct written 00 00. Any field value is allowed.
 */

/** Escapes one encoded field; an empty field becomes 00 00. */
function escapeField(field: Uint8Array, out: number[]): void {
  if (field.length === 0) {
    out.push(0x00, 0x00);
    return;
  }
  for (const b of field) {
    out.push(b);
    if (b === 0x00) out.push(0xff);
  }
}

function frame(fields: readonly Uint8Array[], count: number): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) out.push(0x00, 0x01);
    escapeField(fields[i]!, out);
  }
  return Uint8Array.from(out);
}

/**
 * Encodes a struct from its fields' sorted-mode bytes.
 *
 * @example
 * ```ts
 * encodeOrderedCodeStruct([Uint8Array.of(0x41), new Uint8Array(0), Uint8Array.of(0x43)]); // 41 0001 0000 0001 43
 * encodeOrderedCodeStruct([Uint8Array.of(0x41), new Uint8Array(0)]);                      // 41
 * ```
 */
export function encodeOrderedCodeStruct(fields: readonly Uint8Array[]): Uint8Array {
  let last = fields.length;
  while (last > 0 && fields[last - 1]!.length === 0) last--;
  if (last === 0) return Uint8Array.of(0x00, 0x00);
  return frame(fields, last);
}

/**
 * The bytes every key whose first fields are `fields` starts with, trailing empty fields included (written 00 00),
 * so that a partial key never stops inside a field. Keys whose remaining fields are all empty are shorter (their
 * trailing empties are omitted) and are not covered; range planning adds them separately.
 *
 * @example
 * ```ts
 * orderedCodeStructPrefix([Uint8Array.of(0x41), new Uint8Array(0)]); // 41 0001 0000
 * ```
 */
export function orderedCodeStructPrefix(fields: readonly Uint8Array[]): Uint8Array {
  return frame(fields, fields.length);
}

/**
 * Splits a key into exactly `count` unescaped fields (omitted trailing fields come back empty), or returns a
 * description of why the key is not a canonical encoding.
 *
 * @example
 * ```ts
 * decodeOrderedCodeStruct(Uint8Array.of(0x00, 0x00), 2); // [empty, empty]
 * ```
 */
export function decodeOrderedCodeStruct(key: Uint8Array, count: number): Uint8Array[] | string {
  if (key.length === 2 && key[0] === 0x00 && key[1] === 0x00) {
    return Array.from({ length: count }, () => new Uint8Array(0));
  }
  if (key.length === 0) return 'an empty key is not an ordered-code struct';
  const fields: Uint8Array[] = [];
  let current: number[] = [];
  let fieldStart = true;
  let explicitEmpty = false;
  for (let i = 0; i < key.length; i++) {
    const b = key[i]!;
    if (b !== 0x00) {
      if (explicitEmpty) return `bytes after an empty-field marker at offset ${i}`;
      current.push(b);
      fieldStart = false;
      continue;
    }
    const c = key[i + 1];
    i++;
    if (c === 0xff) {
      if (explicitEmpty) return `bytes after an empty-field marker at offset ${i - 1}`;
      current.push(0x00);
      fieldStart = false;
    } else if (c === 0x01) {
      if (fieldStart && !explicitEmpty) return `empty field without 00 00 marker at offset ${i - 1}`;
      fields.push(Uint8Array.from(current));
      current = [];
      fieldStart = true;
      explicitEmpty = false;
    } else if (c === 0x00) {
      if (!fieldStart || explicitEmpty) return `00 00 inside a field at offset ${i - 1}`;
      explicitEmpty = true;
    } else {
      return `invalid escape 00 ${c === undefined ? '(end)' : c.toString(16).padStart(2, '0')} at offset ${i - 1}`;
    }
  }
  if (fieldStart && !explicitEmpty) return 'key ends with a field separator';
  if (explicitEmpty) return 'trailing empty field written out (canonical keys omit it)';
  fields.push(Uint8Array.from(current));
  if (fields.length > count) return `${fields.length} fields where the schema has ${count}`;
  while (fields.length < count) fields.push(new Uint8Array(0));
  return fields;
}
