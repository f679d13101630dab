import { checkObject } from '../../errors/check-argument.js';
import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import { createKeyCodec } from './create-key-codec.js';
import type { KeyCodecOptions, KeyEncodingSpec, SegmentSpec } from './key-codec-types.js';
import type { RowKeySchema } from './row-key-schema.js';
import { compileRowKeySchema } from './row-key-schema.js';

/**
 * The row-key schema (`Type.Struct`, for `Table.rowKeySchema` in UpdateTable) of an entity key. Segments with no
 * Bigtable type of their own export as the type actually stored:
 *
 * | segment | delimited key | ordered-code key |
 * |---|---|---|
 * | string, reversedDomain | STRING utf8 (domain reversed) | STRING utf8 |
 * | bytes | BYTES raw | BYTES raw |
 * | int64 | STRING (zero-padded decimal) | INT64 orderedCode / bigEndian |
 * | timestamp | STRING (padded ms, or µs when `as: 'micros'`) | TIMESTAMP unixMicrosInt64 |
 * | reversedTimestamp, reversedInt64 | STRING (19-digit `MAX - n`) | INT64 orderedCode (`MAX - n`) |
 * | literal | STRING or BYTES, named `literal_<index>` unless `name` is set | same |
 * | salt | STRING (padded bucket), named `salt` unless `name` is set | INT64 orderedCode |
 *
 * @example
 * ```ts
 * const schema = rowKeySchemaForKey({
 *   entity: 'Device',
 *   segments: [{ type: 'literal', value: 'phone' }, { type: 'string', name: 'country' }],
 *   encoding: { kind: 'delimited', delimiter: new TextEncoder().encode('#') },
 * });
 * // { fields: [{ fieldName: 'literal_0', … }, { fieldName: 'country', … }], encoding: { delimitedBytes: … } }
 * ```
 */
export function rowKeySchemaForKey(options: KeyCodecOptions): RowKeySchema {
  checkObject({ api: 'rowKeySchemaForKey', argument: 'options' }, options);
  return createKeyCodec(options).rowKeySchema;
}

/**
 * Segment definitions for a row-key schema, e.g. one read from a table or from a gcloud schema file. Each field
 * becomes a segment of the same name: STRING → `string`, BYTES → `bytes`, and in ordered-code keys INT64 → `int64`
 * (same encoding) and TIMESTAMP → `timestamp` (`as: 'micros'`, same int64 encoding). Not representable as entity
 * segments, and rejected with {@link KeyEncodingError} (use {@link encodeRowKeyWithSchema} for such tables):
 * the Singleton struct encoding, and INT64/TIMESTAMP fields in a delimited key (binary numbers, not the padded
 * decimals entity keys use). Exporting then importing is lossy on purpose: the file holds only stored types, so a
 * padded int64 or a literal comes back as a `string` segment.
 *
 * @example
 * ```ts
 * const { segments, encoding } = keySegmentsFromRowKeySchema(schema);
 * const codec = createKeyCodec({ entity: 'Imported', segments, encoding });
 * ```
 */
export function keySegmentsFromRowKeySchema(
  schema: RowKeySchema,
  entity = 'row key schema',
): { segments: SegmentSpec[]; encoding: KeyEncodingSpec } {
  checkObject({ api: 'keySegmentsFromRowKeySchema', argument: 'schema' }, schema);
  const compiled = compileRowKeySchema(schema, { entity });
  if (compiled.structEncoding === 'singleton') {
    throw new KeyEncodingError({
      entity,
      field: 'encoding',
      value: schema.encoding,
      limit: 'a delimitedBytes or orderedCodeBytes struct (Singleton keys have no entity form)',
    });
  }
  const encoding: KeyEncodingSpec =
    compiled.structEncoding === 'delimited'
      ? {
          kind: 'delimited',
          delimiter: Uint8Array.from(
            (schema.encoding as { delimitedBytes: { delimiter: Uint8Array } }).delimitedBytes.delimiter,
          ),
        }
      : { kind: 'orderedCode' };
  const segments = schema.fields.map((field, i): SegmentSpec => {
    const name = compiled.fieldNames[i]!;
    const kind = compiled.fieldKinds[i]!;
    if (kind === 'string') return { type: 'string', name };
    if (kind === 'bytes') return { type: 'bytes', name };
    if (encoding.kind === 'delimited') {
      throw new KeyEncodingError({
        entity,
        field: name,
        value: field.type,
        limit: `a STRING or BYTES field in a delimited key (binary ${kind} fields have no segment form)`,
      });
    }
    const type = field.type as {
      int64Type?: { encoding: object };
      timestampType?: { encoding: { unixMicrosInt64: object } };
    };
    const int64 = kind === 'int64' ? type.int64Type!.encoding : type.timestampType!.encoding.unixMicrosInt64;
    const layout = 'bigEndianBytes' in int64 ? 'bigEndian' : 'orderedCode';
    return kind === 'int64'
      ? { type: 'int64', name, encoding: layout }
      : { type: 'timestamp', name, as: 'micros', encoding: layout };
  });
  return { segments, encoding };
}
