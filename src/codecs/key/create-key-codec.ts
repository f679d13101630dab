import { checkObject } from '../../errors/check-argument.js';
import { KeyEncodingError } from '../../errors/key-encoding-error.js';
import { concatBytes, hasPrefix } from './bytes.js';
import { compileDelimitedKeyFastPath } from './delimited-key-fast-path.js';
import { encodeDelimitedStruct } from './delimited-struct.js';
import type {
  KeyCodec,
  KeyCodecOptions,
  KeyCondition,
  KeyEncodingSpec,
  KeyRange,
  KeyValue,
} from './key-codec-types.js';
import { normalizeKeyRanges } from './key-range.js';
import { encodeOrderedCodeStruct, orderedCodeStructPrefix } from './ordered-code-struct.js';
import type { CompiledRowKeySchema, RowKeySchema } from './row-key-schema.js';
import { compileRowKeySchema } from './row-key-schema.js';
import { rowKeyRangesWithSchema } from './row-key-schema-ranges.js';
import { fnv1a32 } from './salt-hash.js';
import type { SegmentCodec } from './segment-codecs.js';
import { createSegmentCodec } from './segment-codecs.js';
import { printableKey } from '../../errors/printable-key.js';

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

const NUMERIC_TYPES = new Set(['int64', 'timestamp', 'reversedTimestamp', 'reversedInt64', 'salt']);

function swapForDescending(condition: KeyCondition): KeyCondition {
  switch (condition.op) {
    case 'gt':
      return { op: 'lt', value: condition.value };
    case 'gte':
      return { op: 'lte', value: condition.value };
    case 'lt':
      return { op: 'gt', value: condition.value };
    case 'lte':
      return { op: 'gte', value: condition.value };
    case 'between':
      return { op: 'between', low: condition.high, high: condition.low };
    default:
      return condition;
  }
}

function showPrefix(bytes: Uint8Array): string {
  return `"${printableKey(bytes)}"`;
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

  function valueOf(values: Readonly<Record<string, KeyValue>>, name: string): KeyValue {
    const v = values[name];
    if (v === undefined || v === null) throw invalid(name, v, 'a value for every key field');
    return v;
  }

  function rethrowWithValue(error: unknown, values: Readonly<Record<string, KeyValue>>): never {
    // The schema layer sees stored values (padded decimals, reversed numbers); report what the caller passed.
    if (error instanceof KeyEncodingError && error.field !== undefined && fieldIndex.has(error.field)) {
      const value = values[error.field];
      if (value !== undefined && value !== error.value) {
        throw new KeyEncodingError({ entity, field: error.field, value, limit: error.limit }, error);
      }
    }
    throw error;
  }

  function bucketOf(values: Readonly<Record<string, KeyValue>>): number {
    const parts: Uint8Array[] = [];
    salt!.of.forEach((name, i) => {
      const index = fieldIndex.get(name)!;
      if (i > 0) parts.push(Uint8Array.of(0x00));
      parts.push(schema.encodeField(index, segments[index]!.toStored(valueOf(values, name))));
    });
    return fnv1a32(concatBytes(parts)) % salt!.buckets;
  }

  /** Stored values of the leading run of `values`, literals and a determinable salt included. */
  function storedPrefix(values: Readonly<Record<string, KeyValue>>, allowPartialSalt: boolean) {
    for (const name of Object.keys(values)) {
      if (values[name] !== undefined && !fieldIndex.has(name)) {
        throw invalid(name, values[name], `a key field of ${entity} (${fields.join(', ')})`);
      }
    }
    const given = fields.filter((f) => values[f] !== undefined);
    const run = fields.slice(0, given.length);
    if (given.some((f, i) => f !== run[i])) {
      throw invalid(
        given.find((f, i) => f !== run[i]),
        given,
        `leading fields in key order (${fields.join(', ')})`,
      );
    }
    const saltKnown = salt ? salt.of.every((f) => values[f] !== undefined) : true;
    if (!saltKnown && !allowPartialSalt) {
      throw invalid(
        'salt',
        salt!.of,
        'the salt fields among the leading values (else there is one prefix per bucket)',
      );
    }
    const stored: KeyValue[] = [];
    let stop = segments.length;
    for (const [i, s] of segments.entries()) {
      if (s.spec.type === 'salt') stored.push(saltKnown ? s.toStored(bucketOf(values)) : 0);
      else if (s.spec.type === 'literal') stored.push(s.toStored(''));
      else if (values[s.name!] !== undefined) stored.push(s.toStored(values[s.name!]!));
      else {
        stop = i;
        break;
      }
    }
    return { stored, stop, saltKnown };
  }

  // Keys of the common delimited text layouts take a shortcut that falls back to the code below for anything it
  // does not handle, errors included (see delimited-key-fast-path.ts).
  const fast =
    encoding.kind === 'delimited' && !salt ? compileDelimitedKeyFastPath(segments, delimiter) : undefined;

  function encode(values: Readonly<Record<string, KeyValue>>): Uint8Array {
    return fast?.encode(values) ?? encodeGeneral(values);
  }

  function decode(key: Uint8Array): Record<string, KeyValue> {
    return fast?.decode(key) ?? decodeGeneral(key);
  }

  function encodeGeneral(values: Readonly<Record<string, KeyValue>>): Uint8Array {
    if (typeof values !== 'object' || values === null)
      throw invalid(undefined, values, 'an object of key fields');
    try {
      const stored = segments.map((s) => {
        if (s.spec.type === 'salt') return 0;
        return s.name === undefined ? s.toStored('') : s.toStored(valueOf(values, s.name));
      });
      if (salt) stored[0] = segments[0]!.toStored(bucketOf(values));
      return schema.encode(stored);
    } catch (error) {
      rethrowWithValue(error, values);
    }
  }

  function decodeGeneral(key: Uint8Array): Record<string, KeyValue> {
    if (!(key instanceof Uint8Array)) throw invalid(undefined, key, 'a Uint8Array row key');
    if (key.length === 0) throw invalid(undefined, key, 'a non-empty row key');
    if (staticPrefix && !hasPrefix(key, staticPrefix)) {
      const short = encoding.kind === 'orderedCode' && staticShort && key.length === staticShort.length;
      if (!short || !hasPrefix(key, staticShort)) {
        throw new KeyEncodingError({
          entity,
          field: segments[0]!.fieldName,
          value: key,
          limit: `a key starting with ${showPrefix(staticPrefix)}: the key belongs to another entity type`,
        });
      }
    }
    const stored = schema.decode(key);
    const out: Record<string, KeyValue> = {};
    segments.forEach((s, i) => {
      const value = stored[i]!;
      if (s.spec.type === 'literal') {
        try {
          s.fromStored(value);
        } catch (error) {
          throw new KeyEncodingError(
            {
              entity,
              field: s.fieldName,
              value: key,
              limit: `${(error as KeyEncodingError).limit}: the key belongs to another entity type`,
            },
            error,
          );
        }
      } else if (s.name !== undefined) {
        out[s.name] = s.fromStored(value);
      }
    });
    if (salt) {
      const found = segments[0]!.fromStored(stored[0]!) as number;
      const expected = bucketOf(out);
      if (found !== expected) {
        throw invalid(
          segments[0]!.fieldName,
          key,
          `salt bucket ${expected} (hash of ${salt.of.join(', ')}), found ${found}`,
        );
      }
    }
    return out;
  }

  function conditionToStored(segment: SegmentCodec, condition: KeyCondition): KeyCondition {
    const c = segment.descending ? swapForDescending(condition) : condition;
    const to = (v: KeyValue) => segment.toStored(v);
    switch (c.op) {
      case 'startsWith':
        if (typeof c.value !== 'string') throw invalid(segment.fieldName, c.value, 'a string for startsWith');
        if (segment.spec.type === 'string')
          return { op: 'startsWith', value: segment.toStored(c.value) as string };
        if (segment.spec.type === 'reversedDomain') {
          // 'google.com' → 'com.google' (also com.googleapis…); '.google.com' → 'com.google.' (subdomains only).
          return { op: 'startsWith', value: segment.toStored(c.value) as string };
        }
        throw invalid(
          segment.fieldName,
          c.value,
          `startsWith on string or reversedDomain segments (this is ${segment.spec.type})`,
        );
      case 'between':
        return { op: 'between', low: to(c.low), high: to(c.high) };
      case 'in':
        return { op: 'in', values: c.values.map(to) };
      default:
        return { op: c.op, value: to(c.value) };
    }
  }

  function ranges(leading: Readonly<Record<string, KeyValue>>, next?: KeyCondition): KeyRange[] {
    if (typeof leading !== 'object' || leading === null)
      throw invalid(undefined, leading, 'an object of leading key fields');
    if (next && (next.op === 'eq' || next.op === 'in')) {
      // Equality extends the leading run, which may pin the salt bucket instead of fanning out.
      const target = fields[fields.filter((f) => leading[f] !== undefined).length];
      if (target === undefined) throw invalid(undefined, next, 'a key field after the leading ones');
      const values: readonly KeyValue[] = next.op === 'in' ? next.values : [next.value];
      return normalizeKeyRanges(values.flatMap((v) => ranges({ ...leading, [target]: v })));
    }
    const { stored, stop, saltKnown } = storedPrefix(leading, true);
    let condition: KeyCondition | undefined;
    if (next) {
      const segment = segments[stop];
      if (!segment) throw invalid(undefined, next, 'a key field after the leading ones');
      condition = conditionToStored(segment, next);
    }
    const buckets = salt && !saltKnown ? Array.from({ length: salt.buckets }, (_, b) => b) : [undefined];
    const out: KeyRange[] = [];
    for (const b of buckets) {
      const prefix = b === undefined ? stored : [segments[0]!.toStored(b), ...stored.slice(1)];
      out.push(...rowKeyRangesWithSchema(schema, prefix, condition));
    }
    return normalizeKeyRanges(out);
  }

  function encodePrefix(leading: Readonly<Record<string, KeyValue>>): Uint8Array {
    try {
      const { stored, stop } = storedPrefix(leading, false);
      const encoded = stored.map((v, i) => schema.encodeField(i, v));
      if (stop === segments.length) return schema.encode(stored);
      if (encoded.length === 0) return new Uint8Array(0);
      return encoding.kind === 'delimited'
        ? concatBytes([encodeDelimitedStruct(encoded, delimiter), delimiter])
        : concatBytes([orderedCodeStructPrefix(encoded), Uint8Array.of(0x00, 0x01)]);
    } catch (error) {
      rethrowWithValue(error, leading);
    }
  }

  return {
    entity,
    fields,
    saltBuckets: salt?.buckets ?? 0,
    encoding,
    segments,
    rowKeySchema,
    encode,
    decode,
    ranges,
    encodePrefix,
    saltBucket: (values) => (salt ? bucketOf(values) : undefined),
  };
}
