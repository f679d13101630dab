import type { KeyEncodingSpec, SegmentSpec } from '../../codecs/key/key-codec-types.js';
import { utf8DecodeStrict } from '../../codecs/key/utf8.js';
import type { Inference } from './inference.js';
import { confidenceOf } from './inference.js';

/**
 * A key layout guessed from sampled row keys: the segments and struct encoding of an entity key, and the guesses
 * made, one per key part (or `key` for the layout as a whole).
 *
 * @example
 * ```ts
 * const layout: KeyLayoutGuess = { segments: [{ type: 'string', name: 'part1' }], encoding: { kind: 'orderedCode' }, inferences: [] };
 * ```
 */
export interface KeyLayoutGuess {
  readonly segments: readonly SegmentSpec[];
  readonly encoding: KeyEncodingSpec;
  readonly inferences: readonly Inference[];
}

/** Delimiters tried in this order: the first one every key contains wins. */
const DELIMITERS = ['#', '|', ':', '/', ',', ';', '$', '~', '-', '.', '_'];
const INT64_MAX = 9_223_372_036_854_775_807n;
const MS_2000 = 946_684_800_000n;
const MS_2100 = 4_102_444_800_000n;
const TLDS = new Set(['com', 'org', 'net', 'io', 'edu', 'gov', 'dev', 'app', 'co', 'de', 'uk', 'fr', 'jp']);
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const WORD = /^[A-Za-z][A-Za-z0-9_-]*$/;

const inRange = (v: bigint, low: bigint, high: bigint): boolean => v >= low && v < high;

/**
 * The delimiter every sampled key contains (tried in the order `# | : / , ; $ ~ - . _`), or `undefined`.
 *
 * @example
 * ```ts
 * findKeyDelimiter([Buffer.from('a#1'), Buffer.from('b#2')]); // '#'
 * ```
 */
export function findKeyDelimiter(keys: readonly Uint8Array[]): string | undefined {
  if (keys.length === 0) return undefined;
  return DELIMITERS.find((d) => keys.every((k) => k.includes(d.charCodeAt(0))));
}

/**
 * The fields of a key split at a one-byte delimiter.
 *
 * @example
 * ```ts
 * splitKey(Buffer.from('a#b'), '#'); // [Uint8Array 'a', Uint8Array 'b']
 * ```
 */
export function splitKey(key: Uint8Array, delimiter: string): Uint8Array[] {
  const d = delimiter.charCodeAt(0);
  const out: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i <= key.length; i++) {
    if (i === key.length || key[i] === d) {
      out.push(key.subarray(start, i));
      start = i + 1;
    }
  }
  return out;
}

/** The whole key as one ordered-code field: a single field with no 00 byte is stored as is. */
function wholeKey(keys: readonly Uint8Array[], why: string): KeyLayoutGuess {
  const texts = keys.filter((k) => utf8DecodeStrict(k) !== undefined && !k.includes(0)).length;
  const type = texts === keys.length ? 'string' : 'bytes';
  return {
    segments: [{ type, name: 'key' }],
    encoding: { kind: 'orderedCode' },
    inferences: [
      {
        subject: 'key',
        conclusion: `one ${type} key part holding the whole row key`,
        evidence: `${why}; ${texts}/${keys.length} sampled keys are UTF-8 text without 00 bytes`,
        confidence: 'low',
      },
    ],
  };
}

function numericSegment(name: string, values: readonly string[]): [SegmentSpec, Inference] {
  const n = values.length;
  const width = values[0]!.length;
  const of = `${n}/${n} sampled values`;
  if (width === 19) {
    const nums = values.map(BigInt);
    if (nums.every((v) => inRange(INT64_MAX - v, MS_2000, MS_2100)))
      return [
        { type: 'reversedTimestamp', name },
        {
          subject: name,
          conclusion: 'reversedTimestamp',
          evidence: `${of} are 19 digits and 9223372036854775807 minus each is epoch milliseconds of 2000-2100`,
          confidence: confidenceOf(n, n),
        },
      ];
    if (nums.every((v) => inRange(INT64_MAX - v, MS_2000 * 1000n, MS_2100 * 1000n)))
      return [
        { type: 'reversedTimestamp', name, unit: 'micros', as: 'micros' },
        {
          subject: name,
          conclusion: 'reversedTimestamp (microseconds)',
          evidence: `${of} are 19 digits and 9223372036854775807 minus each is epoch microseconds of 2000-2100`,
          confidence: confidenceOf(n, n),
        },
      ];
    if (nums.every((v) => inRange(v, MS_2000, MS_2100)))
      return [
        { type: 'timestamp', name },
        {
          subject: name,
          conclusion: 'timestamp',
          evidence: `${of} are 19-digit zero-padded epoch milliseconds of 2000-2100`,
          confidence: confidenceOf(n, n),
        },
      ];
  }
  const padded = values.filter((v) => v.length > 1 && v.startsWith('0')).length;
  const spec: SegmentSpec =
    width <= 15 ? { type: 'int64', name, width, as: 'number' } : { type: 'int64', name, width };
  const dates = values.every((v) => /^(19|20|21)\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(v));
  return [
    spec,
    {
      subject: name,
      conclusion: `int64 of ${width} digits`,
      evidence:
        `${of} are ${width}-digit numbers, ${padded} with leading zeros` +
        (dates ? ' (they also read as yyyymmdd dates)' : '') +
        (padded === 0 ? '; with no leading zero seen this may be a fixed-length id' : ''),
      confidence: padded > 0 ? confidenceOf(n, n) : 'medium',
    },
  ];
}

function guessSegment(
  index: number,
  name: string,
  fields: readonly Uint8Array[],
  delimiter: string,
): [SegmentSpec, Inference] {
  const n = fields.length;
  const texts = fields.map((f) => utf8DecodeStrict(f));
  if (texts.some((t) => t === undefined))
    return [
      { type: 'bytes', name },
      {
        subject: name,
        conclusion: 'bytes',
        evidence: `${texts.filter((t) => t === undefined).length}/${n} sampled values are not UTF-8`,
        confidence: 'high',
      },
    ];
  const values = texts as string[];
  const distinct = new Set(values);
  if (distinct.size === 1 && n >= 2 && WORD.test(values[0]!))
    return [
      { type: 'literal', value: values[0]!, name: `literal_${index}` },
      {
        subject: name,
        conclusion: `literal '${values[0]}'`,
        evidence: `${n}/${n} sampled keys have '${values[0]}' in field ${index + 1}`,
        confidence: confidenceOf(n, n),
      },
    ];
  if (values.every((v) => /^\d+$/.test(v))) {
    if (values.every((v) => v.length === values[0]!.length) && values[0]!.length <= 19)
      return numericSegment(name, values);
    return [
      { type: 'string', name },
      {
        subject: name,
        conclusion: 'string',
        evidence: `${n}/${n} sampled values are numbers of varying length (not zero-padded), so they sort as text; an int64 key part needs a fixed width`,
        confidence: 'medium',
      },
    ];
  }
  if (values.every((v) => DOMAIN.test(v))) {
    const reversed = values.filter((v) => TLDS.has(v.split('.')[0]!.toLowerCase())).length;
    if (reversed === n && delimiter.charCodeAt(0) < '.'.charCodeAt(0))
      return [
        { type: 'reversedDomain', name },
        {
          subject: name,
          conclusion: 'reversedDomain',
          evidence: `${n}/${n} sampled values are domain names starting with a top-level domain (e.g. ${values[0]})`,
          confidence: confidenceOf(n, n),
        },
      ];
  }
  return [
    { type: 'string', name },
    {
      subject: name,
      conclusion: 'string',
      evidence: `${n}/${n} sampled values are UTF-8 text (${distinct.size} distinct)`,
      confidence: confidenceOf(n, n),
    },
  ];
}

/**
 * Guesses an entity key from sampled row keys: with a delimiter every key contains and the same number of fields
 * in every key, a delimited key whose fields are literals (the same word in every key), zero-padded int64s,
 * timestamps and reversed timestamps (19 digits of plausible epoch time), reversed domains or strings; else the
 * whole key as one key part. Key parts are named `names[i]` or `part1`, `part2`, …. `knownDelimiter` splits keys
 * (parts of keys) whose delimiter is known from the rest of the table, even if they do not contain it. Pure.
 *
 * @example
 * ```ts
 * const guess = inferKeyLayout([Buffer.from('phone#001'), Buffer.from('phone#002')]);
 * guess.segments; // [{ type: 'literal', value: 'phone', name: 'literal_0' }, { type: 'int64', name: 'part1', width: 3, as: 'number' }]
 * ```
 */
export function inferKeyLayout(
  keys: readonly Uint8Array[],
  names: readonly string[] = [],
  knownDelimiter?: string,
): KeyLayoutGuess {
  if (keys.length === 0) return wholeKey(keys, 'no row was sampled');
  const delimiter = knownDelimiter ?? findKeyDelimiter(keys);
  if (delimiter === undefined) return wholeKey(keys, 'no delimiter is in every sampled key');
  const split = keys.map((k) => splitKey(k, delimiter));
  const count = split[0]!.length;
  if (split.some((fields) => fields.length !== count))
    return wholeKey(keys, `the sampled keys have different numbers of '${delimiter}'-separated fields`);
  const d = delimiter.charCodeAt(0);
  // Sorted-mode delimited keys (the SDK's delimited encoding) need every field byte above the delimiter.
  const low = split.filter((fields) => fields.some((f) => f.length === 0 || f.some((b) => b <= d))).length;
  if (low > 0)
    return wholeKey(
      keys,
      `the keys look delimited by '${delimiter}', but in ${low} of them a field is empty or holds a byte <= '${delimiter}', which a sorted delimited key cannot store`,
    );
  const segments: SegmentSpec[] = [];
  const inferences: Inference[] = [];
  let part = 0;
  for (let i = 0; i < count; i++) {
    const fields = split.map((f) => f[i]!);
    const name = names[part] ?? `part${part + 1}`;
    const [segment, inference] = guessSegment(i, name, fields, delimiter);
    segments.push(segment);
    inferences.push(segment.type === 'literal' ? { ...inference, subject: 'key' } : inference);
    if (segment.type !== 'literal') part += 1;
  }
  inferences.unshift({
    subject: 'key',
    conclusion: `delimited by '${delimiter}', ${count} fields`,
    evidence: `${keys.length}/${keys.length} sampled keys split into ${count} fields at '${delimiter}'`,
    confidence: confidenceOf(keys.length, keys.length),
  });
  return { segments, encoding: { kind: 'delimited', delimiter: Uint8Array.of(d) }, inferences };
}
