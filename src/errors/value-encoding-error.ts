import { BigtableMapperError } from './bigtable-mapper-error.js';
import { formatValue } from './format-value.js';
import { printableKey } from './printable-key.js';

/**
 * Where and why a value could not be encoded or decoded.
 *
 * @example
 * ```ts
 * new ValueEncodingError({ codec: 'int64', direction: 'decode', value: bytes, limit: 'exactly 8 bytes' });
 * ```
 */
export interface ValueEncodingErrorDetails {
  /** Entity class name; undefined when a codec is used on its own. */
  readonly entity?: string | undefined;
  /** Property name; undefined when a codec is used on its own. */
  readonly property?: string | undefined;
  /** Name of the codec that failed, e.g. `int64`. */
  readonly codec: string;
  /** `encode` (entity → bytes) or `decode` (bytes → entity). */
  readonly direction: 'encode' | 'decode';
  /** The offending value (for decode: the bytes). */
  readonly value: unknown;
  /** The rule that was broken, e.g. `a safe integer (|n| ≤ 2^53 - 1)` or `exactly 8 bytes`. */
  readonly limit: string;
  /** Extra explanation, optional. */
  readonly reason?: string | undefined;
  /** When decoding a row that was read: where the bytes came from. */
  readonly cell?: ValueEncodingCell | undefined;
}

/**
 * The cell whose bytes could not be decoded: the row key, the family and the qualifier, exact bytes.
 *
 * @example
 * ```ts
 * const where: ValueEncodingCell = { key: Buffer.from('phone#1'), family: 'stats', qualifier: Buffer.from('cpu') };
 * ```
 */
export interface ValueEncodingCell {
  readonly key: Uint8Array;
  readonly family: string;
  readonly qualifier: Uint8Array;
}

/**
 * A value could not be turned into bytes (or bytes back into a value): out of range, malformed, or rejected by a
 * user codec. The message names entity, property, value and the rule that was broken.
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof ValueEncodingError) console.log(e.entity, e.property, e.limit); }
 * ```
 */
export class ValueEncodingError extends BigtableMapperError {
  readonly entity: string | undefined;
  readonly property: string | undefined;
  readonly codec: string;
  readonly direction: 'encode' | 'decode';
  readonly value: unknown;
  readonly limit: string;
  readonly reason: string | undefined;
  /** The row and column of the cell, when a read could not decode it. */
  readonly cell: ValueEncodingCell | undefined;

  constructor(details: ValueEncodingErrorDetails, cause?: unknown) {
    const where =
      details.entity === undefined
        ? ''
        : details.property === undefined
          ? `${details.entity}: `
          : `${details.entity}.${details.property}: `;
    const reason = details.reason === undefined ? '' : ` (${details.reason})`;
    const cell =
      details.cell === undefined
        ? ''
        : ` in row "${printableKey(details.cell.key)}" column ${details.cell.family}:${printableKey(details.cell.qualifier)}`;
    super(
      'VALUE_ENCODING',
      `${where}cannot ${details.direction} ${formatValue(details.value)}${cell} with codec ${details.codec}: expected ${details.limit}${reason}`,
      { cause },
    );
    this.entity = details.entity;
    this.property = details.property;
    this.codec = details.codec;
    this.direction = details.direction;
    this.value = details.value;
    this.limit = details.limit;
    this.reason = details.reason;
    this.cell = details.cell;
  }

  /**
   * The same error with the entity and property (and, for a read, the row and column) filled in; codecs do not
   * know where they are used, the mapper does.
   *
   * @example
   * ```ts
   * try { ... } catch (e) { if (e instanceof ValueEncodingError) throw e.withLocation('Device', 'name'); }
   * ```
   */
  withLocation(entity: string, property: string, cell?: ValueEncodingCell): ValueEncodingError {
    return new ValueEncodingError(
      {
        entity,
        property,
        codec: this.codec,
        direction: this.direction,
        value: this.value,
        limit: this.limit,
        reason: this.reason,
        cell: cell ?? this.cell,
      },
      this.cause ?? this,
    );
  }
}
