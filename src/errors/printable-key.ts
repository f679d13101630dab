import { checkBytes } from './check-argument.js';
import { escapeBytes } from './escape-bytes.js';
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
  return escapeBytes(bytes);
}
