import { BigtableMapperError } from './bigtable-mapper-error.js';

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
}

function describeValue(value: unknown): string {
  if (value instanceof Uint8Array) {
    const hex = Buffer.from(value.subarray(0, 16)).toString('hex');
    return `${value.length} bytes 0x${hex}${value.length > 16 ? '…' : ''}`;
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(shown) ?? shown;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value === null || value === undefined || typeof value !== 'object') return String(value);
  return Object.prototype.toString.call(value);
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

  constructor(details: ValueEncodingErrorDetails, cause?: unknown) {
    const where =
      details.entity === undefined
        ? ''
        : details.property === undefined
          ? `${details.entity}: `
          : `${details.entity}.${details.property}: `;
    const reason = details.reason === undefined ? '' : ` (${details.reason})`;
    super(
      'VALUE_ENCODING',
      `${where}cannot ${details.direction} ${describeValue(details.value)} with codec ${details.codec}: expected ${details.limit}${reason}`,
      { cause },
    );
    this.entity = details.entity;
    this.property = details.property;
    this.codec = details.codec;
    this.direction = details.direction;
    this.value = details.value;
    this.limit = details.limit;
    this.reason = details.reason;
  }

  /**
   * The same error with the entity and property filled in; codecs do not know where they are used, the mapper does.
   *
   * @example
   * ```ts
   * try { ... } catch (e) { if (e instanceof ValueEncodingError) throw e.withLocation('Device', 'name'); }
   * ```
   */
  withLocation(entity: string, property: string): ValueEncodingError {
    return new ValueEncodingError(
      {
        entity,
        property,
        codec: this.codec,
        direction: this.direction,
        value: this.value,
        limit: this.limit,
        reason: this.reason,
      },
      this.cause ?? this,
    );
  }
}
