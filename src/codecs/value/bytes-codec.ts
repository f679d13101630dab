import type { ValueCodec } from './value-codec.js';
import { checkCellBytes, codecFailure, plainBytes } from './codec-failure.js';

/**
 * Raw bytes, stored as-is. Encoding accepts any Uint8Array (a Buffer too); decoding returns a fresh plain
 * Uint8Array that does not share memory with the cell.
 *
 * @example
 * ```ts
 * bytesCodec.encode(Uint8Array.of(0, 255)); // 00 ff
 * ```
 */
export const bytesCodec: ValueCodec<Uint8Array> = Object.freeze({
  name: 'bytes',
  encode(value: Uint8Array): Uint8Array {
    if (!(value instanceof Uint8Array)) throw codecFailure('bytes', 'encode', value, 'a Uint8Array');
    return plainBytes(value);
  },
  decode(bytes: Uint8Array): Uint8Array {
    checkCellBytes('bytes', bytes);
    return plainBytes(bytes);
  },
});
