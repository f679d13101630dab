import type { ValueCodec } from './value-codec.js';
import { checkCellBytes, codecFailure } from './codec-failure.js';
import { int64Codec } from './int64-codec.js';

// ECMAScript Dates cover ±8.64e15 ms around the epoch; an int64 outside that cannot be a Date.
const MAX_DATE_MILLIS = 8_640_000_000_000_000n;

/**
 * A `Date` as milliseconds since the epoch in the int64 format (8 bytes big-endian two's complement). An invalid
 * Date is rejected. Byte order equals time order from 1970 on; earlier dates are negative and sort last.
 *
 * @example
 * ```ts
 * dateCodec.encode(new Date(1000)); // 00 00 00 00 00 00 03 e8
 * ```
 */
export const dateCodec: ValueCodec<Date> = Object.freeze({
  name: 'date',
  encode(value: Date): Uint8Array {
    if (!(value instanceof Date) || Number.isNaN(value.getTime()))
      throw codecFailure('date', 'encode', value, 'a valid Date');
    return int64Codec.encode(BigInt(value.getTime()));
  },
  decode(bytes: Uint8Array): Date {
    checkCellBytes('date', bytes);
    if (bytes.length !== 8)
      throw codecFailure('date', 'decode', bytes, 'exactly 8 bytes (int64 milliseconds)');
    const millis = int64Codec.decode(bytes);
    if (millis > MAX_DATE_MILLIS || millis < -MAX_DATE_MILLIS)
      throw codecFailure('date', 'decode', bytes, 'milliseconds within ±8.64e15', `stored value ${millis}`);
    return new Date(Number(millis));
  },
});
