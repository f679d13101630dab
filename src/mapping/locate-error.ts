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
    throw locateError(error, entity, property, cell);
  }
}

/**
 * The error to rethrow from a codec call: a `ValueEncodingError` that does not yet say where it happened gets the
 * entity, property and (when a read cell is given) its row and column; any other error is returned unchanged.
 *
 * @example
 * ```ts
 * try { codec.decode(bytes); } catch (error) { throw locateError(error, 'Device', 'name', cell); }
 * ```
 */
export function locateError(
  error: unknown,
  entity: string,
  property: string,
  cell?: ValueEncodingCell,
): unknown {
  if (
    error instanceof ValueEncodingError &&
    (error.entity === undefined || (cell !== undefined && !error.cell))
  )
    return error.withLocation(entity, property, cell);
  return error;
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
    throw locateError(error, entity, property);
  }
}
