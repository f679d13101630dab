import type { ValueCodec } from './value-codec.js';
import { checkCellBytes, codecFailure } from './codec-failure.js';
import { float64BigEndian, readFloat64BigEndian } from './scalar-bytes.js';

/**
 * IEEE-754 double, 8 bytes big-endian. Every number round-trips, including -0, ±Infinity and NaN (written as the
 * canonical quiet NaN 7f f8 00 … 00). Byte order equals numeric order for non-negative numbers only: the sign bit
 * makes negatives sort after positives, and among negatives in reverse.
 *
 * @example
 * ```ts
 * float64Codec.encode(1.5); // 3f f8 00 00 00 00 00 00
 * ```
 */
export const float64Codec: ValueCodec<number> = Object.freeze({
  name: 'float64',
  encode(value: number): Uint8Array {
    if (typeof value !== 'number') throw codecFailure('float64', 'encode', value, 'a number');
    return float64BigEndian(Number.isNaN(value) ? NaN : value);
  },
  decode(bytes: Uint8Array): number {
    checkCellBytes('float64', bytes);
    if (bytes.length !== 8)
      throw codecFailure('float64', 'decode', bytes, 'exactly 8 bytes (big-endian IEEE-754)');
    return readFloat64BigEndian(bytes);
  },
});
