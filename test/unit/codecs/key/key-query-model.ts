import fc from 'fast-check';
import { compareBytes, hasPrefix, toHex } from '../../../../src/codecs/key/bytes.js';
import type { EntityKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import { createKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import type {
  KeyCodecOptions,
  KeyCondition,
  KeyEncodingSpec,
  KeyRange,
  KeyValue,
} from '../../../../src/codecs/key/key-codec-types.js';
import { isEmptyKeyRange, keyRangeContains } from '../../../../src/codecs/key/key-range.js';
import { reverseDomain } from '../../../../src/codecs/key/segment-codecs.js';

/**
 * A small model of key queries shared by the unit property tests and the emulator test: entity key layouts with
 * tiny value domains (so that equal values, strict prefixes and empty strings collide often), generated queries,
 * and the in-memory answer a query must have.
 */

export type Row = Record<string, KeyValue>;

export interface Query {
  readonly leading: Row;
  readonly next?: KeyCondition;
}

export interface Layout {
  readonly label: string;
  readonly codec: EntityKeyCodec;
  /** One small domain per field, in field order. */
  readonly domains: readonly fc.Arbitrary<KeyValue>[];
}

const tinyStrings = (delimited: boolean) =>
  fc.string({
    unit: fc.constantFrom(
      ...(delimited ? ['a', 'b', 'é', '\u{10000}', '\uffff'] : ['a', 'b', '\0', '\uffff', '\u{10000}']),
    ),
    maxLength: 3,
  });

const tinyBytes = (delimited: boolean) =>
  fc
    .array(fc.constantFrom(...(delimited ? [0x24, 0x61, 0xff] : [0x00, 0x01, 0x61, 0xff])), { maxLength: 3 })
    .map((a) => Uint8Array.from(a));

const DAY = 86_400_000;

export function layouts(encoding: KeyEncodingSpec): Layout[] {
  const delimited = encoding.kind === 'delimited';
  const make = (
    label: string,
    options: Omit<KeyCodecOptions, 'encoding'>,
    domains: fc.Arbitrary<KeyValue>[],
  ) => ({
    label,
    codec: createKeyCodec({ ...options, encoding }),
    domains,
  });
  return [
    make(
      'literal, string, int64, reversedTimestamp, string',
      {
        entity: 'Reading',
        segments: [
          { type: 'literal', value: 'r' },
          { type: 'string', name: 'a' },
          { type: 'int64', name: 'n', width: 3 },
          { type: 'reversedTimestamp', name: 'at' },
          { type: 'string', name: 's' },
        ],
      },
      [
        tinyStrings(delimited),
        fc.bigInt({ min: delimited ? 0n : -70n, max: 70n }),
        fc.integer({ min: 0, max: 4 }).map((d) => new Date(Date.UTC(2020, 4, 1) + d * DAY)),
        tinyStrings(delimited),
      ],
    ),
    make(
      'salt(3) of id, literal, string id, reversedInt64',
      {
        entity: 'Order',
        segments: [
          { type: 'salt', buckets: 3, of: ['id'] },
          { type: 'literal', value: 'o' },
          { type: 'string', name: 'id' },
          { type: 'reversedInt64', name: 'v' },
        ],
      },
      [tinyStrings(delimited), fc.bigInt({ min: 0n, max: 5n })],
    ),
    make(
      'literal, reversedDomain, bytes, literal',
      {
        entity: 'Page',
        segments: [
          { type: 'literal', value: 'd' },
          { type: 'reversedDomain', name: 'host' },
          { type: 'bytes', name: 'b' },
          { type: 'literal', value: 'end' },
        ],
      },
      [
        fc.array(fc.constantFrom('a', 'b', 'ab', ''), { minLength: 1, maxLength: 3 }).map((l) => l.join('.')),
        tinyBytes(delimited),
      ],
    ),
  ];
}

export function row(layout: Layout): fc.Arbitrary<Row> {
  return fc
    .tuple(...layout.domains)
    .map((values) => Object.fromEntries(layout.codec.fields.map((f, i) => [f, values[i]!])));
}

export function rows(layout: Layout, maxLength = 12): fc.Arbitrary<Row[]> {
  return fc.array(row(layout), { minLength: 1, maxLength });
}

/** A query: leading fields taken from a generated row (or fresh values), and maybe a condition on the next. */
export function queries(layout: Layout, sample: Row[]): fc.Arbitrary<Query> {
  const fields = layout.codec.fields;
  return fc
    .tuple(
      fc.integer({ min: 0, max: fields.length }),
      fc.constantFrom(...sample),
      fc.tuple(...layout.domains),
      fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      fc.integer({ min: 0, max: 8 }),
      fc.tuple(...layout.domains),
      fc.tuple(...layout.domains),
      fc.array(fc.tuple(...layout.domains), { maxLength: 3 }),
    )
    .map(([k, row, fresh, useRow, opIndex, v1, v2, list]) => {
      const leading: Row = {};
      for (let i = 0; i < k; i++) leading[fields[i]!] = useRow ? row[fields[i]!]! : fresh[i]!;
      if (k === fields.length || opIndex === 8) return { leading };
      const segment = layout.codec.segments.find((s) => s.name === fields[k])!;
      const a = useRow && opIndex % 2 === 0 ? row[fields[k]!]! : v1[k]!;
      const b = v2[k]!;
      const ops = ['eq', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'startsWith'] as const;
      let op: (typeof ops)[number] = ops[opIndex]!;
      const textual = segment.spec.type === 'string' || segment.spec.type === 'reversedDomain';
      if (op === 'startsWith' && !textual) op = 'eq';
      const next: KeyCondition =
        op === 'between'
          ? { op, low: a, high: b }
          : op === 'in'
            ? { op, values: list.map((l) => l[k]!) }
            : op === 'startsWith'
              ? { op, value: a as string }
              : { op, value: a };
      return { leading, next };
    });
}

function holds(layout: Layout, field: string, value: KeyValue, condition: KeyCondition): boolean {
  const segment = layout.codec.segments.find((s) => s.name === field)!;
  const cmp = (other: KeyValue) => segment.compare(value, other);
  switch (condition.op) {
    case 'eq':
      return cmp(condition.value) === 0;
    case 'gt':
      return cmp(condition.value) > 0;
    case 'gte':
      return cmp(condition.value) >= 0;
    case 'lt':
      return cmp(condition.value) < 0;
    case 'lte':
      return cmp(condition.value) <= 0;
    case 'between':
      return cmp(condition.low) >= 0 && cmp(condition.high) <= 0;
    case 'in':
      return condition.values.some((v) => cmp(v) === 0);
    case 'startsWith':
      return segment.spec.type === 'reversedDomain'
        ? reverseDomain(value as string).startsWith(reverseDomain(condition.value))
        : (value as string).startsWith(condition.value);
  }
}

/** The distinct keys of the rows, sorted bytewise. */
export function sortedKeys(layout: Layout, data: readonly Row[]): Uint8Array[] {
  const byHex = new Map(
    data.map((r) => {
      const key = layout.codec.encode(r);
      return [toHex(key), key] as const;
    }),
  );
  return [...byHex.values()].sort(compareBytes);
}

/** Keys of the rows the query must return, in key order, computed from the values alone. */
export function expectedKeys(layout: Layout, data: readonly Row[], query: Query): Uint8Array[] {
  const fields = layout.codec.fields;
  const k = Object.keys(query.leading).length;
  const matching = data.filter((row) => {
    for (const f of fields.slice(0, k))
      if (!holds(layout, f, row[f]!, { op: 'eq', value: query.leading[f]! })) return false;
    return query.next ? holds(layout, fields[k]!, row[fields[k]!]!, query.next) : true;
  });
  return sortedKeys(layout, matching);
}

/** Keys (from `keys`) inside any of the ranges, in key order. */
export function keysInRanges(keys: readonly Uint8Array[], ranges: readonly KeyRange[]): Uint8Array[] {
  return keys.filter((key) => ranges.some((r) => keyRangeContains(r, key)));
}

/** Problems with a range list: empty or inverted ranges, unsorted or overlapping neighbours. */
export function rangeListProblems(ranges: readonly KeyRange[]): string[] {
  const problems: string[] = [];
  ranges.forEach((r, i) => {
    if (isEmptyKeyRange(r)) problems.push(`range ${i} is empty or inverted`);
    const prev = ranges[i - 1];
    if (!prev) return;
    if (!prev.end || !r.start) return void problems.push(`range ${i} overlaps an unbounded neighbour`);
    const c = compareBytes(prev.end.key, r.start.key);
    if (c > 0 || (c === 0 && prev.end.inclusive && r.start.inclusive))
      problems.push(`ranges ${i - 1} and ${i} overlap`);
  });
  return problems;
}

export { hasPrefix };
