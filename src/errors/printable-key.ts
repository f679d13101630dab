import { checkBytes } from './check-argument.js';
/**
 * A row key (or any bytes) as a readable, unambiguous string: printable ASCII as is, backslash and every other
 * byte as `\xHH`. Used in error messages so that `phone#1` reads as such and binary keys stay exact.
 *
 * @example
 * ```ts
 * printableKey(Buffer.from([0x70, 0x23, 0x00, 0xff])); // 'p#\\x00\\xff'
 * ```
 */
export function printableKey(bytes: Uint8Array): string {
  checkBytes({ api: 'printableKey', argument: 'bytes' }, bytes);
  let out = '';
  for (const byte of bytes) {
    out +=
      byte >= 0x20 && byte < 0x7f && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}
