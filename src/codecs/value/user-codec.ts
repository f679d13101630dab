import { checkFunction, checkObject } from '../../errors/check-argument.js';
import type { UserCodec, ValueCodec } from './value-codec.js';
import { ValueEncodingError } from '../../errors/value-encoding-error.js';
import { codecFailure } from './codec-failure.js';

/**
 * Wraps a user's `{encode, decode}` into a `ValueCodec`: checks that `encode` returns a Uint8Array and turns any
 * exception into a `ValueEncodingError` (with the original as `cause`).
 *
 * @example
 * ```ts
 * const c = userCodec({ name: 'csv', encode: (v: string[]) => Buffer.from(v.join(',')), decode: (b) => Buffer.from(b).toString().split(',') });
 * ```
 */
export function userCodec<T>(codec: UserCodec<T>): ValueCodec<T> {
  checkObject({ api: 'Codecs.custom', argument: 'codec' }, codec, '{ encode, decode } functions');
  checkFunction({ api: 'Codecs.custom', argument: 'codec.encode' }, codec.encode);
  checkFunction({ api: 'Codecs.custom', argument: 'codec.decode' }, codec.decode);
  const name = codec.name ?? 'custom';
  return Object.freeze({
    name,
    encode(value: T): Uint8Array {
      let bytes: unknown;
      try {
        bytes = codec.encode(value);
      } catch (error) {
        if (error instanceof ValueEncodingError) throw error;
        throw codecFailure(name, 'encode', value, 'a value the codec accepts', errorMessage(error), error);
      }
      if (!(bytes instanceof Uint8Array))
        throw codecFailure(
          name,
          'encode',
          value,
          'encode() to return a Uint8Array',
          `it returned ${typeof bytes}`,
        );
      return bytes;
    },
    decode(bytes: Uint8Array): T {
      try {
        return codec.decode(bytes);
      } catch (error) {
        if (error instanceof ValueEncodingError) throw error;
        throw codecFailure(name, 'decode', bytes, 'bytes the codec accepts', errorMessage(error), error);
      }
    },
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
