import type { ValueCodec } from './value-codec.js';
import { checkCellBytes, codecFailure } from './codec-failure.js';
import { loneSurrogateIndex, utf8DecodeFatal, utf8EncodeTransient } from '../key/utf8.js';

/**
 * UTF-8 text. A string with a lone surrogate is rejected (TextEncoder would silently write U+FFFD and the value
 * would not round-trip); bytes that are not valid UTF-8 are rejected on decode. A leading BOM is kept as data.
 * Byte order of the encoding is Unicode code point order.
 *
 * @example
 * ```ts
 * stringCodec.encode('héllo'); // 68 c3 a9 6c 6c 6f
 * ```
 */
export const stringCodec: ValueCodec<string> = Object.freeze({
  name: 'string',
  encode(value: string): Uint8Array {
    if (typeof value !== 'string') throw codecFailure('string', 'encode', value, 'a string');
    if (loneSurrogateIndex(value) !== -1)
      throw codecFailure('string', 'encode', value, 'well-formed UTF-16 (no lone surrogate)');
    return utf8EncodeTransient(value);
  },
  decode(bytes: Uint8Array): string {
    checkCellBytes('string', bytes);
    try {
      return utf8DecodeFatal(bytes);
    } catch (error) {
      throw codecFailure('string', 'decode', bytes, 'valid UTF-8', undefined, error);
    }
  },
});
