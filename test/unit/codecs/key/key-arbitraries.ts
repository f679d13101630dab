import fc from 'fast-check';
import type { KeyEncodingSpec, KeyValue, SegmentSpec } from '../../../../src/codecs/key/key-codec-types.js';

export const RUNS = { numRuns: 10_000 } as const;
export const HASH = new TextEncoder().encode('#');
export const DELIMITED: KeyEncodingSpec = { kind: 'delimited', delimiter: HASH };
export const ORDERED: KeyEncodingSpec = { kind: 'orderedCode' };
export const INT64_MIN = -(1n << 63n);
export const INT64_MAX = (1n << 63n) - 1n;
export const MAX_DATE_MS = 8_640_000_000_000_000;

const notSurrogate = (cp: number) => cp < 0xd800 || cp > 0xdfff;

/** Code points with the troublemakers over-represented: NUL, 0x01, the delimiter, U+FFFF, astral planes. */
function codePointUnit(min: number): fc.Arbitrary<string> {
  const specials = [
    '\0',
    '\x01',
    '#',
    '$',
    '\x7f',
    '\xff',
    '\uffff',
    '\ue000',
    '\u{10000}',
    '\u{10ffff}',
    'a',
    'é',
  ].filter((c) => c.codePointAt(0)! >= min);
  return fc.oneof(
    fc.constantFrom(...specials),
    fc.integer({ min, max: 0x7f }).map((cp) => String.fromCodePoint(cp)),
    fc
      .integer({ min, max: 0x10ffff })
      .filter(notSurrogate)
      .map((cp) => String.fromCodePoint(cp)),
  );
}

/** Well-formed strings a key field accepts: anything for ordered-code, only bytes > '#' for delimited. */
export function keyString(encoding: KeyEncodingSpec, maxLength = 8): fc.Arbitrary<string> {
  return fc.string({ unit: codePointUnit(encoding.kind === 'delimited' ? 0x24 : 0), maxLength });
}

export function keyBytes(encoding: KeyEncodingSpec, maxLength = 8): fc.Arbitrary<Uint8Array> {
  const min = encoding.kind === 'delimited' ? 0x24 : 0;
  const byte = fc.oneof(
    fc.constantFrom(...[0x00, 0x01, 0x23, 0x24, 0xfe, 0xff].filter((b) => b >= min)),
    fc.integer({ min, max: 255 }),
  );
  return fc.array(byte, { maxLength }).map((a) => Uint8Array.from(a));
}

export function int64(min: bigint, max: bigint): fc.Arbitrary<bigint> {
  const edges = [INT64_MIN, -1n, 0n, 1n, 63n, 64n, -64n, -65n, INT64_MAX, 9_999_999_999n].filter(
    (v) => v >= min && v <= max,
  );
  return fc.oneof(
    fc.constantFrom(...edges),
    fc.bigInt({ min, max }),
    fc.bigInt({ min: -100n, max: 100n }).filter((v) => v >= min && v <= max),
  );
}

export function dates(minMs: number): fc.Arbitrary<Date> {
  return fc.oneof(
    fc.constantFrom(new Date(minMs), new Date(MAX_DATE_MS), new Date(0)).filter((d) => d.getTime() >= minMs),
    fc.integer({ min: Math.max(minMs, -MAX_DATE_MS), max: MAX_DATE_MS }).map((ms) => new Date(ms)),
    fc.date({
      min: new Date(Math.max(minMs, Date.UTC(1990, 0, 1))),
      max: new Date(Date.UTC(2100, 0, 1)),
      noInvalidDate: true,
    }),
  );
}

export function domains(encoding: KeyEncodingSpec): fc.Arbitrary<string> {
  const label = fc.string({ unit: codePointUnit(encoding.kind === 'delimited' ? 0x24 : 0), maxLength: 5 });
  return fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
}

/** One segment under test: its spec, a generator of valid values, and whether stored order is reversed. */
export interface SegmentCase {
  readonly label: string;
  readonly spec: SegmentSpec;
  readonly values: fc.Arbitrary<KeyValue>;
}

export function segmentCases(encoding: KeyEncodingSpec): SegmentCase[] {
  const delimited = encoding.kind === 'delimited';
  const minInt = delimited ? 0n : INT64_MIN;
  const cases: SegmentCase[] = [
    { label: 'string', spec: { type: 'string', name: 'x' }, values: keyString(encoding) },
    { label: 'bytes', spec: { type: 'bytes', name: 'x' }, values: keyBytes(encoding) },
    { label: 'int64', spec: { type: 'int64', name: 'x' }, values: int64(minInt, INT64_MAX) },
    {
      label: 'int64 as number',
      spec: { type: 'int64', name: 'x', as: 'number' },
      values: fc.integer({ min: delimited ? 0 : Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    },
    {
      label: 'timestamp as date',
      spec: { type: 'timestamp', name: 'x' },
      values: dates(delimited ? 0 : -MAX_DATE_MS),
    },
    {
      label: 'timestamp as micros',
      spec: { type: 'timestamp', name: 'x', as: 'micros' },
      values: int64(minInt, INT64_MAX),
    },
    { label: 'reversedTimestamp', spec: { type: 'reversedTimestamp', name: 'x' }, values: dates(0) },
    {
      label: 'reversedTimestamp micros unit',
      spec: { type: 'reversedTimestamp', name: 'x', as: 'micros', unit: 'micros' },
      values: int64(0n, INT64_MAX),
    },
    { label: 'reversedInt64', spec: { type: 'reversedInt64', name: 'x' }, values: int64(0n, INT64_MAX) },
    { label: 'reversedDomain', spec: { type: 'reversedDomain', name: 'x' }, values: domains(encoding) },
  ];
  if (!delimited) {
    cases.push({
      label: 'int64 bigEndian',
      spec: { type: 'int64', name: 'x', encoding: 'bigEndian' },
      values: int64(0n, INT64_MAX),
    });
    cases.push({
      label: 'timestamp bigEndian micros',
      spec: { type: 'timestamp', name: 'x', as: 'micros', encoding: 'bigEndian' },
      values: int64(0n, INT64_MAX),
    });
  }
  return cases;
}

export const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);
