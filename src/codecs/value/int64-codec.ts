import type { ValueCodec } from './value-codec.js';
import { checkCellBytes, codecFailure } from './codec-failure.js';
import { int64BigEndian, readInt64BigEndian } from './scalar-bytes.js';

const MIN = -(2n ** 63n);
const MAX = 2n ** 63n - 1n;

function writeInt64(codec: string, value: bigint): Uint8Array {
  if (value < MIN || value > MAX)
    throw codecFailure(codec, 'encode', value, 'a signed 64-bit integer (-2^63 … 2^63-1)');
  return int64BigEndian(value);
}

function readInt64(codec: string, bytes: Uint8Array): bigint {
  checkCellBytes(codec, bytes);
  if (bytes.length !== 8) throw codecFailure(codec, 'decode', bytes, 'exactly 8 bytes (big-endian int64)');
  return readInt64BigEndian(bytes);
}

/**
 * Signed 64-bit integer as a `bigint`: 8 bytes, big-endian two's complement — the format Bigtable's
 * ReadModifyWriteRow increment and Sum/Min/Max aggregates read and write. Byte order equals numeric order for
 * non-negative values only (a negative number starts with 0xFF and sorts after every positive one).
 *
 * @example
 * ```ts
 * int64Codec.encode(1n); // 00 00 00 00 00 00 00 01
 * ```
 */
export const int64Codec: ValueCodec<bigint> = Object.freeze({
  name: 'int64',
  encode(value: bigint): Uint8Array {
    if (typeof value !== 'bigint') throw codecFailure('int64', 'encode', value, 'a bigint');
    return writeInt64('int64', value);
  },
  decode(bytes: Uint8Array): bigint {
    return readInt64('int64', bytes);
  },
});

/**
 * The same 8-byte int64 format, exposed as a JS `number`. Values outside the safe-integer range are rejected in
 * both directions instead of being rounded, so a stored counter is never silently corrupted.
 *
 * @example
 * ```ts
 * int64AsNumberCodec.decode(int64Codec.encode(42n)); // 42
 * ```
 */
export const int64AsNumberCodec: ValueCodec<number> = Object.freeze({
  name: 'int64AsNumber',
  encode(value: number): Uint8Array {
    if (!Number.isSafeInteger(value))
      throw codecFailure('int64AsNumber', 'encode', value, 'a safe integer (|n| ≤ 2^53-1)');
    return writeInt64('int64AsNumber', BigInt(value));
  },
  decode(bytes: Uint8Array): number {
    const value = readInt64('int64AsNumber', bytes);
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
      throw codecFailure(
        'int64AsNumber',
        'decode',
        bytes,
        'a safe integer (|n| ≤ 2^53-1)',
        `stored value ${value}`,
      );
    return Number(value);
  },
});

/**
 * The codec of a `number` counter or aggregate (`as: 'number'`): encodes as {@link int64AsNumberCodec}, and reads a
 * number while the stored value is a safe integer and the exact `bigint` beyond. Bigtable's own arithmetic
 * (increments, sums) can take such a cell past 2^53-1, and the row must stay readable without rounding it.
 *
 * @example
 * ```ts
 * serverInt64AsNumberCodec.decode(int64Codec.encode(2n ** 53n)); // 9007199254740992n
 * ```
 */
export const serverInt64AsNumberCodec: ValueCodec<number | bigint> = Object.freeze({
  name: 'int64AsNumber',
  encode: (value: number | bigint): Uint8Array => int64AsNumberCodec.encode(value as number),
  decode(bytes: Uint8Array): number | bigint {
    const value = readInt64('int64AsNumber', bytes);
    return value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)
      ? value
      : Number(value);
  },
});
