/**
 * Bytes as a readable, unambiguous string: printable ASCII as is, backslash and every other byte as `\xHH`. The
 * unchecked core of {@link printableKey}, for the error formatting that must not itself validate (and so import the
 * argument checks that import it).
 *
 * @example
 * ```ts
 * escapeBytes(Buffer.from([0x70, 0x23, 0x00, 0xff])); // 'p#\\x00\\xff'
 * ```
 */
export function escapeBytes(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    out +=
      byte >= 0x20 && byte < 0x7f && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}
