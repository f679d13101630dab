import type { ValueCodec } from './value-codec.js';
import { checkCellBytes, codecFailure } from './codec-failure.js';

/**
 * One byte: 0x00 false, 0x01 true. Any other content is rejected on decode rather than guessed.
 *
 * @example
 * ```ts
 * booleanCodec.encode(true); // 01
 * ```
 */
export const booleanCodec: ValueCodec<boolean> = Object.freeze({
  name: 'boolean',
  encode(value: boolean): Uint8Array {
    if (typeof value !== 'boolean') throw codecFailure('boolean', 'encode', value, 'a boolean');
    // `Uint8Array.of` is a generic builtin, several times slower than this for one byte.
    const bytes = new Uint8Array(1);
    bytes[0] = value ? 1 : 0;
    return bytes;
  },
  decode(bytes: Uint8Array): boolean {
    checkCellBytes('boolean', bytes);
    if (bytes.length !== 1 || (bytes[0] !== 0 && bytes[0] !== 1))
      throw codecFailure('boolean', 'decode', bytes, 'one byte 0x00 or 0x01');
    return bytes[0] === 1;
  },
});
