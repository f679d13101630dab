import type { ValueCodec } from './value-codec.js';

/** Bytes of the random write id that follows the int64 version in a version cell the SDK writes. */
export const VERSION_WRITE_ID_BYTES = 8;
const INT64_BYTES = 8;

const wrapped = new WeakMap<ValueCodec<unknown>, ValueCodec<unknown>>();

/**
 * The codec of a `@Version` cell: `base` (int64 as bigint or number) for the version itself, reading both cell
 * formats. The SDK writes the version followed by an 8-byte random write id (16 bytes), so that a row deleted and
 * re-created at the same version never holds the same cell as the row a stale copy was read from; rows written
 * before that hold the plain 8-byte version, which reads as before. `encode` gives the plain 8 bytes (the version
 * number, as conditions on "any cell of this version" need). Any other length fails as `base` fails.
 *
 * @example
 * ```ts
 * import { int64Codec } from './int64-codec.js';
 * versionCellCodec(int64Codec).decode(new Uint8Array(16)); // 0n
 * ```
 */
export function versionCellCodec(base: ValueCodec<unknown>): ValueCodec<unknown> {
  let codec = wrapped.get(base);
  if (codec === undefined) {
    codec = Object.freeze({
      name: base.name,
      encode: (value: unknown) => base.encode(value),
      decode: (bytes: Uint8Array) =>
        base.decode(
          bytes.length === INT64_BYTES + VERSION_WRITE_ID_BYTES ? bytes.subarray(0, INT64_BYTES) : bytes,
        ),
    });
    wrapped.set(base, codec);
  }
  return codec;
}
