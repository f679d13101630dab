import { ValueEncodingError } from '../errors/value-encoding-error.js';
import type { ValueEncodingCell } from '../errors/value-encoding-error.js';

/**
 * Runs `fn` and adds entity and property (and, when decoding a cell that was read, its row and column) to a
 * `ValueEncodingError` it throws: codecs do not know where they are used. Other errors pass through unchanged.
 *
 * @example
 * ```ts
 * const bytes = located('Device', 'name', () => codec.encode(value));
 * ```
 */
export function located<T>(entity: string, property: string, fn: () => T, cell?: ValueEncodingCell): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ValueEncodingError && (error.entity === undefined || (cell && !error.cell)))
      throw error.withLocation(entity, property, cell);
    throw error;
  }
}

/**
 * Encodes one value with `codec`, locating a `ValueEncodingError` as {@link located} does, without a closure per
 * value (this runs once per column of every saved entity).
 *
 * @example
 * ```ts
 * const bytes = encodeLocated('Device', 'name', stringCodec, 'pixel');
 * ```
 */
export function encodeLocated(
  entity: string,
  property: string,
  codec: { encode(value: never): Uint8Array },
  value: unknown,
): Uint8Array {
  try {
    return (codec.encode as (value: unknown) => Uint8Array).call(codec, value);
  } catch (error) {
    if (error instanceof ValueEncodingError && error.entity === undefined)
      throw error.withLocation(entity, property);
    throw error;
  }
}
