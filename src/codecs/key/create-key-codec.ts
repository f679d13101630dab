import { decodeEntityKey } from './decode-entity-key.js';
import { compileDelimitedKeyFastPath } from './delimited-key-fast-path.js';
import { encodeEntityKey, encodeEntityKeyPrefix } from './encode-entity-key.js';
import type { KeyCodec, KeyCodecOptions, KeyEncodingSpec, KeyValue } from './key-codec-types.js';
import { keyConditionRanges } from './key-condition-ranges.js';
import { resolveKeyLayout } from './key-layout.js';
import type { RowKeySchema } from './row-key-schema.js';
import type { SegmentCodec } from './segment-codecs.js';
import { saltBucketOf } from './stored-key-prefix.js';

/**
 * An entity's key codec: the {@link KeyCodec} contract plus the row-key schema it stores and exact prefixes.
 *
 * @example
 * ```ts
 * const codec: EntityKeyCodec = createKeyCodec(options);
 * codec.encodePrefix({ tenant: 'acme' }); // 'acme#'
 * ```
 */
export interface EntityKeyCodec extends KeyCodec {
  /** The struct encoding of the keys. */
  readonly encoding: KeyEncodingSpec;
  /** One codec per segment, in key order. */
  readonly segments: readonly SegmentCodec[];
  /** The key as Bigtable sees it (`Table.rowKeySchema`): the types actually stored, see docs/row-keys.md. */
  readonly rowKeySchema: RowKeySchema;
  /**
   * The exact bytes every key with these leading fields starts with (delimited: `enc(f1..fk) ‖ delimiter`;
   * ordered-code: `enc(f1..fk) ‖ 00 01`), or the full key when every field is given. An ordered-code key whose
   * remaining fields are all empty strings is shorter than this prefix; use {@link KeyCodec.ranges} for reads.
   * Throws when the key is salted and the salt is not determined by the leading fields.
   */
  encodePrefix(leading: Readonly<Record<string, KeyValue>>): Uint8Array;
  /** The salt bucket the values hash to, or undefined for an unsalted key. */
  saltBucket(values: Readonly<Record<string, KeyValue>>): number | undefined;
}

/**
 * Builds the key codec of one entity: encode a full key, decode one back into typed fields, and turn leading
 * fields plus a condition on the next field into row ranges (one per salt bucket). Everything goes through the
 * schema-level codec ({@link encodeRowKeyWithSchema}) of {@link EntityKeyCodec.rowKeySchema}.
 *
 * Checked up front: unique names, salt first with known `of` fields, non-empty literals that fit the encoding,
 * delimiter 1–50 bytes and below `'0'` when numeric segments are stored as decimals.
 *
 * @example
 * ```ts
 * const readings = createKeyCodec({
 *   entity: 'Reading',
 *   segments: [
 *     { type: 'literal', value: 'phone' },
 *     { type: 'string', name: 'deviceId' },
 *     { type: 'reversedTimestamp', name: 'at' },
 *   ],
 *   encoding: { kind: 'delimited', delimiter: new TextEncoder().encode('#') },
 * });
 * const key = readings.encode({ deviceId: '4c410523', at: new Date('2020-05-01T00:00:00Z') });
 * // 'phone#4c410523#9223370448563575807'
 * readings.decode(key); // { deviceId: '4c410523', at: Date(2020-05-01) }
 * readings.ranges({ deviceId: '4c410523' }, { op: 'gte', value: new Date('2020-04-01T00:00:00Z') });
 * // newest first, back to April 1st
 * ```
 */
export function createKeyCodec(options: KeyCodecOptions): EntityKeyCodec {
  const layout = resolveKeyLayout(options);
  const { entity, encoding, segments, fields, salt, rowKeySchema, delimiter } = layout;
  // Keys of the common delimited text layouts take a shortcut that falls back to the general code for anything it
  // does not handle, errors included (see delimited-key-fast-path.ts).
  const fast =
    encoding.kind === 'delimited' && !salt ? compileDelimitedKeyFastPath(segments, delimiter) : undefined;
  return {
    entity,
    fields,
    saltBuckets: salt?.buckets ?? 0,
    encoding,
    segments,
    rowKeySchema,
    encode: (values) => fast?.encode(values) ?? encodeEntityKey(layout, values),
    decode: (key) => fast?.decode(key) ?? decodeEntityKey(layout, key),
    ranges: (leading, next) => keyConditionRanges(layout, leading, next),
    encodePrefix: (leading) => encodeEntityKeyPrefix(layout, leading),
    saltBucket: (values) => (salt ? saltBucketOf(layout, values) : undefined),
  };
}
