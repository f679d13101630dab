import { checkBytes } from '../../errors/check-argument.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
/**
 * Byte helpers shared by the key codecs. Row keys are `Uint8Array` end to end and compare as unsigned bytes, so
 * nothing here goes through JS strings or Node's `Buffer` (the key codecs must run anywhere).
 */

const HEX = '0123456789abcdef';

/**
 * Unsigned lexicographic comparison, the order Bigtable sorts row keys in.
 *
 * @example
 * ```ts
 * compareBytes(Uint8Array.of(0x61), Uint8Array.of(0x61, 0x00)); // -1: a strict prefix sorts first
 * ```
 */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  checkBytes({ api: 'compareBytes', argument: 'a' }, a);
  checkBytes({ api: 'compareBytes', argument: 'b' }, b);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/**
 * True when both arrays hold the same bytes.
 *
 * @example
 * ```ts
 * bytesEqual(Uint8Array.of(1), Uint8Array.of(1)); // true
 * ```
 */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * True when `bytes` begins with `prefix`.
 *
 * @example
 * ```ts
 * hasPrefix(Uint8Array.of(1, 2), Uint8Array.of(1)); // true
 * ```
 */
export function hasPrefix(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

/**
 * Concatenation into one fresh array.
 *
 * @example
 * ```ts
 * concatBytes([Uint8Array.of(1), Uint8Array.of(2, 3)]); // Uint8Array [1, 2, 3]
 * ```
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * Lowercase hex, for messages and tests.
 *
 * @example
 * ```ts
 * toHex(Uint8Array.of(0, 255)); // '00ff'
 * ```
 */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += HEX[b >> 4]! + HEX[b & 15]!;
  return out;
}

/**
 * Parses lowercase or uppercase hex (even length).
 *
 * @example
 * ```ts
 * fromHex('00ff'); // Uint8Array [0, 255]
 * ```
 */
export function fromHex(hex: string): Uint8Array {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex))
    throw new InvalidArgumentError({
      api: 'fromHex',
      argument: 'hex',
      value: hex,
      expected: 'a string of hex digit pairs',
    });
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * Formats one byte as `0x23`, the form used in error limits.
 *
 * @example
 * ```ts
 * byteLabel(35); // '0x23'
 * ```
 */
export function byteLabel(b: number): string {
  return `0x${HEX[b >> 4]!}${HEX[b & 15]!}`;
}
