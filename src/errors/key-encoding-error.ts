import { BigtableMapperError } from './bigtable-mapper-error.js';

/**
 * Where and why a row key could not be built or parsed.
 *
 * @example
 * ```ts
 * new KeyEncodingError({ entity: 'Device', field: 'id', value: '', limit: 'a non-empty row key' });
 * ```
 */
export interface KeyEncodingErrorDetails {
  /** Entity (or schema) whose key is involved; `row key` when a schema is used on its own. */
  readonly entity: string;
  /** Key field (segment name or schema field name); undefined when the key as a whole is at fault. */
  readonly field?: string | undefined;
  /** The offending value: a field value, or the key bytes when decoding. */
  readonly value: unknown;
  /** The rule that was broken, e.g. `byte 0x23 ≤ delimiter 0x23` or `≤ 4096 bytes`. */
  readonly limit: string;
}

const HEX = '0123456789abcdef';

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += HEX[b >> 4]! + HEX[b & 15]!;
  return out;
}

function describeValue(value: unknown): string {
  if (value instanceof Uint8Array) {
    const shown = value.subarray(0, 32);
    return `${value.length} bytes 0x${hex(shown)}${value.length > 32 ? '…' : ''}`;
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') {
    // JSON.stringify escapes control characters and lone surrogates, so the message shows what was really passed.
    const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
    return JSON.stringify(shown) ?? shown;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value === null || value === undefined || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `array of ${value.length}`;
  return Object.prototype.toString.call(value);
}

/**
 * A row key could not be encoded or decoded: a value breaks the rules of its segment or of the struct encoding
 * (e.g. a byte ≤ the delimiter in a sorted-mode delimited key), the key is empty or longer than 4 KiB, or the key
 * belongs to another entity. Values are never escaped, replaced or truncated to make them fit. The message names the
 * entity, the field, the value and the rule broken; the same four are available as fields.
 *
 * @example
 * ```ts
 * try { codec.encode({ deviceId: 'a#b' }); }
 * catch (e) { if (e instanceof KeyEncodingError) console.log(e.entity, e.field, e.value, e.limit); }
 * ```
 */
export class KeyEncodingError extends BigtableMapperError {
  /** Entity (or schema) whose key is involved. */
  readonly entity: string;
  /** Key field at fault, or undefined for the key as a whole. */
  readonly field: string | undefined;
  /** The offending value (field value, or key bytes when decoding). */
  readonly value: unknown;
  /** The rule that was broken. */
  readonly limit: string;

  constructor(details: KeyEncodingErrorDetails, cause?: unknown) {
    const where = details.field === undefined ? details.entity : `${details.entity}.${details.field}`;
    super(
      'KEY_ENCODING',
      `${where}: row key value ${describeValue(details.value)} rejected: ${details.limit}`,
      {
        cause,
      },
    );
    this.entity = details.entity;
    this.field = details.field;
    this.value = details.value;
    this.limit = details.limit;
  }
}
