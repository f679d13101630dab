import { checkObject } from '../../errors/check-argument.js';
import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import { concatBytes } from './bytes.js';
import { encodeDelimitedStruct } from './delimited-struct.js';
import type { KeyCodecOptions, KeyEncodingSpec } from './key-codec-types.js';
import { encodeOrderedCodeStruct, orderedCodeStructPrefix } from './ordered-code-struct.js';
import type { CompiledRowKeySchema, RowKeySchema } from './row-key-schema.js';
import { compileRowKeySchema } from './row-key-schema.js';
import type { SegmentCodec } from './segment-codecs.js';
import { createSegmentCodec } from './segment-codecs.js';

const NUMERIC_TYPES = new Set(['int64', 'timestamp', 'reversedTimestamp', 'reversedInt64', 'salt']);

/**
 * An entity key's layout, checked and resolved once by {@link resolveKeyLayout}: what the encode, decode, prefix
 * and range functions of its codec share.
 *
 * @example
 * ```ts
 * const layout: KeyLayout = resolveKeyLayout(options);
 * layout.fields; // ['deviceId', 'at']
 * ```
 */
export interface KeyLayout {
  readonly entity: string;
  readonly encoding: KeyEncodingSpec;
  /** The delimiter of a delimited key (a copy); empty for ordered-code keys. */
  readonly delimiter: Uint8Array;
  /** One codec per segment, in key order. */
  readonly segments: readonly SegmentCodec[];
  /** The named fields, in key order. */
  readonly fields: readonly string[];
  /** Field name → its segment's index. */
  readonly fieldIndex: ReadonlyMap<string, number>;
  /** The salt segment's spec (always the first segment), when the key is salted. */
  readonly salt: { readonly buckets: number; readonly of: readonly string[] } | undefined;
  /** The key as Bigtable sees it, and its compiled schema-level codec. */
  readonly rowKeySchema: RowKeySchema;
  readonly schema: CompiledRowKeySchema;
  /** The bytes every key starts with (its leading literal segments), if it has any. */
  readonly staticPrefix: Uint8Array | undefined;
  /** Ordered-code: the leading literals as a whole key (a key whose other fields are empty strings is this short). */
  readonly staticShort: Uint8Array | undefined;
  /** A KeyEncodingError of this entity. */
  invalid(field: string | undefined, value: unknown, limit: string): KeyEncodingError;
}

/**
 * Checks a key codec's options and resolves its layout. Checked up front: unique names, salt first with known `of`
 * fields, non-empty literals that fit the encoding, delimiter 1–50 bytes and below `'0'` when numeric segments are
 * stored as decimals.
 *
 * @example
 * ```ts
 * const layout = resolveKeyLayout({
 *   entity: 'Reading',
 *   segments: [{ type: 'string', name: 'deviceId' }],
 *   encoding: { kind: 'orderedCode' },
 * });
 * ```
 */
export function resolveKeyLayout(options: KeyCodecOptions): KeyLayout {
  checkObject({ api: 'createKeyCodec', argument: 'options' }, options);
  const entity = options.entity;
  if (typeof entity !== 'string' || entity === '') {
    throw new KeyEncodingError({ entity: String(entity), value: entity, limit: 'a non-empty entity name' });
  }
  const invalid = (field: string | undefined, value: unknown, limit: string) =>
    new KeyEncodingError({ entity, field, value, limit });
  const encoding = options.encoding;
  if (!encoding || (encoding.kind !== 'delimited' && encoding.kind !== 'orderedCode')) {
    throw invalid(
      undefined,
      encoding,
      "encoding { kind: 'delimited', delimiter } or { kind: 'orderedCode' }",
    );
  }
  let delimiter = new Uint8Array(0);
  if (encoding.kind === 'delimited') {
    if (
      !(encoding.delimiter instanceof Uint8Array) ||
      encoding.delimiter.length < 1 ||
      encoding.delimiter.length > 50
    ) {
      throw invalid(undefined, encoding.delimiter, 'a delimiter of 1 to 50 bytes');
    }
    delimiter = Uint8Array.from(encoding.delimiter);
  }
  if (!Array.isArray(options.segments) || options.segments.length === 0) {
    throw invalid(undefined, options.segments, 'at least one key segment');
  }
  const segments = options.segments.map((spec, i) => createSegmentCodec(spec, i, encoding.kind, entity));
  const names = new Set<string>();
  for (const s of segments) {
    if (
      s.spec.type !== 'literal' &&
      s.spec.type !== 'salt' &&
      (typeof s.name !== 'string' || s.name === '')
    ) {
      throw invalid(undefined, s.name, 'a non-empty name on every value segment');
    }
    if (names.has(s.fieldName)) throw invalid(s.fieldName, s.fieldName, 'unique segment and field names');
    names.add(s.fieldName);
  }
  const fields = segments.filter((s) => s.name !== undefined).map((s) => s.name!);
  const fieldIndex = new Map(
    segments.flatMap((s, i) => (s.name === undefined ? [] : [[s.name, i] as const])),
  );
  const saltAt = segments.findIndex((s) => s.spec.type === 'salt');
  const salt =
    saltAt >= 0 ? (segments[saltAt]!.spec as { buckets: number; of: readonly string[] }) : undefined;
  if (salt) {
    if (saltAt !== 0) throw invalid(segments[saltAt]!.fieldName, saltAt, 'the salt as the first segment');
    if (segments.filter((s) => s.spec.type === 'salt').length > 1)
      throw invalid('salt', 2, 'at most one salt');
    if (!Array.isArray(salt.of) || salt.of.length === 0 || new Set(salt.of).size !== salt.of.length) {
      throw invalid(segments[0]!.fieldName, salt.of, 'a non-empty list of distinct fields to hash');
    }
    for (const name of salt.of) {
      if (!fieldIndex.has(name))
        throw invalid(segments[0]!.fieldName, name, `a key field name (${fields.join(', ')})`);
    }
  }
  if (encoding.kind === 'delimited') {
    const d0 = delimiter[0]!;
    const numeric = segments.find((s) => NUMERIC_TYPES.has(s.spec.type));
    if (numeric && d0 >= 0x30) {
      throw invalid(
        numeric.fieldName,
        delimiter,
        "a delimiter whose first byte is below '0' (0x30), as decimals are stored",
      );
    }
    const domain = segments.find((s) => s.spec.type === 'reversedDomain');
    if (domain && d0 >= 0x2e) {
      throw invalid(
        domain.fieldName,
        delimiter,
        "a delimiter whose first byte is below '.' (0x2e), as domains hold dots",
      );
    }
  }

  const rowKeySchema: RowKeySchema = {
    fields: segments.map((s) => ({ fieldName: s.fieldName, type: s.storedType })),
    encoding: encoding.kind === 'delimited' ? { delimitedBytes: { delimiter } } : { orderedCodeBytes: {} },
  };
  const schema: CompiledRowKeySchema = compileRowKeySchema(rowKeySchema, { entity });
  segments.forEach((s, i) => {
    if (s.spec.type === 'literal') schema.encodeField(i, s.toStored(''));
  });

  // Leading literal segments are fixed bytes at the start of every key: checking them first tells a key of
  // another entity type apart from a malformed one.
  const leadingLiterals: Uint8Array[] = [];
  for (const [i, s] of segments.entries()) {
    if (s.spec.type !== 'literal') break;
    leadingLiterals.push(schema.encodeField(i, s.toStored('')));
  }
  const allLiterals = leadingLiterals.length === segments.length;
  const staticPrefix =
    leadingLiterals.length === 0
      ? undefined
      : encoding.kind === 'delimited'
        ? concatBytes([
            encodeDelimitedStruct(leadingLiterals, delimiter),
            allLiterals ? new Uint8Array(0) : delimiter,
          ])
        : allLiterals
          ? encodeOrderedCodeStruct(leadingLiterals)
          : concatBytes([orderedCodeStructPrefix(leadingLiterals), Uint8Array.of(0x00, 0x01)]);
  const staticShort = leadingLiterals.length > 0 ? encodeOrderedCodeStruct(leadingLiterals) : undefined;

  return {
    entity,
    encoding,
    delimiter,
    segments,
    fields,
    fieldIndex,
    salt,
    rowKeySchema,
    schema,
    staticPrefix,
    staticShort,
    invalid,
  };
}
