import { utf8DecodeStrict } from '../../codecs/key/utf8.js';
import type { FileCodec } from '../files/families-file-types.js';
import type { Confidence } from './inference.js';
import { confidenceOf } from './inference.js';

/**
 * A codec guessed from sampled cell values, with the evidence and a note for what the guess cannot tell.
 *
 * @example
 * ```ts
 * const guess: CodecGuess = { codec: 'string', evidence: '3/3 sampled cells are UTF-8 text', confidence: 'medium' };
 * ```
 */
export interface CodecGuess {
  readonly codec: FileCodec;
  readonly evidence: string;
  readonly confidence: Confidence;
  readonly note?: string;
}

/** Epoch milliseconds of 2000-01-01 and 2100-01-01: 8-byte values between them are probably dates. */
const MS_2000 = 946_684_800_000n;
const MS_2100 = 4_102_444_800_000n;
/** Text: no control character other than tab, line feed, vertical tab, form feed and carriage return. */
const isText = (text: string): boolean =>
  [...text].every((c) => {
    const code = c.codePointAt(0)!;
    return (
      code === 0x09 ||
      code === 0x0a ||
      code === 0x0b ||
      code === 0x0c ||
      code === 0x0d ||
      (code >= 0x20 && code !== 0x7f)
    );
  });

function int64Of(bytes: Uint8Array): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, 8).getBigInt64(0);
}

function float64Of(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, 8).getFloat64(0);
}

/** A float that a program would plausibly store: 0, or finite with a magnitude between 1e-9 and 1e15. */
function plausibleFloat(bytes: Uint8Array): boolean {
  const f = float64Of(bytes);
  const abs = Math.abs(f);
  return f === 0 || (Number.isFinite(abs) && abs >= 1e-9 && abs <= 1e15);
}

/** An int64 a program would plausibly store: magnitude below 2^48 (counters, ids, amounts). */
function plausibleInt(bytes: Uint8Array): boolean {
  const v = int64Of(bytes);
  return v > -(2n ** 48n) && v < 2n ** 48n;
}

function readVarint(bytes: Uint8Array, at: number): [bigint, number] | undefined {
  let value = 0n;
  for (let shift = 0n, i = at; i < bytes.length && shift < 70n; i++, shift += 7n) {
    value |= BigInt(bytes[i]! & 0x7f) << shift;
    if ((bytes[i]! & 0x80) === 0) return [value, i + 1];
  }
  return undefined;
}

/**
 * Whether bytes parse, exactly to their end, as protobuf wire format: fields numbered 1..2^29-1 of wire types 0
 * (varint), 1 (fixed64), 2 (length-delimited) or 5 (fixed32). Text and random bytes rarely do.
 *
 * @example
 * ```ts
 * looksLikeProtobuf(Uint8Array.of(0x08, 0x96, 0x01)); // true: field 1 = 150
 * ```
 */
export function looksLikeProtobuf(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let at = 0;
  while (at < bytes.length) {
    const tag = readVarint(bytes, at);
    if (!tag) return false;
    const [key, next] = tag;
    const field = key >> 3n;
    const wire = Number(key & 7n);
    if (field < 1n || field >= 2n ** 29n) return false;
    at = next;
    if (wire === 0) {
      const v = readVarint(bytes, at);
      if (!v) return false;
      at = v[1];
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else if (wire === 2) {
      const len = readVarint(bytes, at);
      if (!len) return false;
      at = len[1] + Number(len[0]);
    } else return false;
    if (at > bytes.length) return false;
  }
  return true;
}

function isJson(text: string): boolean {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}

/**
 * Guesses the codec of a column from sampled values: 8 bytes → `int64` (or `date` when every value reads as epoch
 * milliseconds of 2000–2100, or `float64` when the values read as plausible floats and not as plausible ints);
 * 1 byte 0/1 → `boolean`; UTF-8 text → `json` when every value parses as a JSON object or array, else `string`;
 * protobuf wire format → `bytes` with a note; anything else → `bytes`. Pure.
 *
 * @example
 * ```ts
 * guessValueCodec([Buffer.from('{"a":1}'), Buffer.from('[2]')]).codec; // 'json'
 * ```
 */
export function guessValueCodec(values: readonly Uint8Array[]): CodecGuess {
  const n = values.length;
  const all = (test: (v: Uint8Array) => boolean): number => values.filter(test).length;
  const of = (k: number): string => `${k}/${n} sampled cells`;
  if (n === 0) return { codec: 'bytes', evidence: 'no cell was sampled', confidence: 'low' };
  const eight = all((v) => v.length === 8);
  if (eight === n) {
    const dates = all((v) => int64Of(v) >= MS_2000 && int64Of(v) < MS_2100);
    if (dates === n)
      return {
        codec: 'date',
        evidence: `${of(n)} are 8 bytes that read as epoch milliseconds between 2000 and 2100`,
        confidence: n >= 10 ? 'medium' : 'low',
        note: 'could also be an int64 that happens to be in that range',
      };
    const ints = all(plausibleInt);
    const floats = all(plausibleFloat);
    if (ints < n && floats === n)
      return {
        codec: 'float64',
        evidence: `${of(n)} are 8 bytes that read as plausible floats (${n - ints} not as plausible ints)`,
        confidence: confidenceOf(floats, n),
      };
    return {
      codec: 'int64',
      evidence: `${of(n)} are 8 bytes`,
      confidence: ints === n ? confidenceOf(n, n) : 'medium',
      ...(ints === n ? {} : { note: 'some values are huge as integers: maybe float64 or a fixed 8-byte id' }),
    };
  }
  const bools = all((v) => v.length === 1 && (v[0] === 0 || v[0] === 1));
  if (bools === n)
    return { codec: 'boolean', evidence: `${of(n)} are one byte 00 or 01`, confidence: confidenceOf(n, n) };
  const texts = values.map((v) => utf8DecodeStrict(v));
  const textCount = texts.filter((t) => t !== undefined && isText(t)).length;
  if (textCount === n) {
    const json = texts.filter((t) => isJson(t!)).length;
    if (json === n)
      return {
        codec: 'json',
        evidence: `${of(n)} are UTF-8 text that parses as a JSON object or array`,
        confidence: confidenceOf(n, n),
      };
    return { codec: 'string', evidence: `${of(n)} are UTF-8 text`, confidence: confidenceOf(n, n) };
  }
  const protobuf = all(looksLikeProtobuf);
  if (protobuf === n)
    return {
      codec: 'bytes',
      evidence: `${of(n)} parse as protobuf wire format`,
      confidence: confidenceOf(n, n),
      note: 'looks like protobuf: declare { protobuf: <message type> } if you have the .proto',
    };
  return {
    codec: 'bytes',
    evidence: `${of(n)} fit no narrower codec (${textCount} UTF-8 text, ${eight} of 8 bytes)`,
    confidence: 'medium',
  };
}
