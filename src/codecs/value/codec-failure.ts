import { ValueEncodingError } from '../../errors/value-encoding-error.js';

/**
 * Builds the error a codec throws; the mapper later adds entity and property with `withLocation`.
 *
 * @example
 * ```ts
 * throw codecFailure('int64', 'decode', bytes, 'exactly 8 bytes');
 * ```
 */
export function codecFailure(
  codec: string,
  direction: 'encode' | 'decode',
  value: unknown,
  limit: string,
  reason?: string,
  cause?: unknown,
): ValueEncodingError {
  return new ValueEncodingError({ codec, direction, value, limit, reason }, cause);
}

/**
 * A plain `Uint8Array` copy of `bytes`. Decoded values never alias the cell buffer, and are never a Node `Buffer`
 * (a Buffer does not deep-equal a Uint8Array in most test frameworks, and the SDK promises plain Uint8Array).
 *
 * @example
 * ```ts
 * plainBytes(Buffer.from('ab')); // Uint8Array [0x61, 0x62]
 * ```
 */
export function plainBytes(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
}

/**
 * Refuses a cell value that is no byte array before a codec reads it: `decode(null)` is a ValueEncodingError
 * naming the codec, not a TypeError from deep inside it (a codec is public: `Codecs.int64.decode(x)`).
 *
 * @example
 * ```ts
 * checkCellBytes('int64', bytes); // throws ValueEncodingError unless bytes is a Uint8Array
 * ```
 */
export function checkCellBytes(codec: string, bytes: unknown): asserts bytes is Uint8Array {
  if (!(bytes instanceof Uint8Array))
    throw codecFailure(codec, 'decode', bytes, 'a Uint8Array (a cell value)');
}
