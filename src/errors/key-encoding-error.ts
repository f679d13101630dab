import { BigtableMapperError } from './bigtable-mapper-error.js';
import { formatValue } from './format-value.js';
import { printableKey } from './printable-key.js';

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
  /** When decoding a row that was read: its whole key (the value may be just one field of it). */
  readonly rowKey?: Uint8Array | undefined;
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
  /** The whole key of the row being decoded, when the error comes from a read. */
  readonly rowKey: Uint8Array | undefined;

  constructor(details: KeyEncodingErrorDetails, cause?: unknown) {
    const where = details.field === undefined ? details.entity : `${details.entity}.${details.field}`;
    const row = details.rowKey === undefined ? '' : ` in row "${printableKey(details.rowKey)}"`;
    super(
      'KEY_ENCODING',
      `${where}: row key value ${formatValue(details.value)}${row} rejected: ${details.limit}`,
      { cause },
    );
    this.entity = details.entity;
    this.field = details.field;
    this.value = details.value;
    this.limit = details.limit;
    this.rowKey = details.rowKey;
  }

  /**
   * The same error naming the whole key of the row being decoded; the key codec sees fields, the reader rows.
   *
   * @example
   * ```ts
   * const error = new KeyEncodingError({ entity: 'Device', field: 'deviceId', value: '', limit: 'non-empty' });
   * throw error.inRow(Buffer.from('phone#'));
   * ```
   */
  inRow(rowKey: Uint8Array): KeyEncodingError {
    const { entity, field, value, limit } = this;
    return new KeyEncodingError({ entity, field, value, limit, rowKey }, this.cause ?? this);
  }
}
