import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKeyCodec } from '../../../../src/codecs/key/create-key-codec.js';
import type { KeyValue, SegmentSpec } from '../../../../src/codecs/key/key-codec-types.js';
import { KeyEncodingError } from '../../../../src/errors/key-encoding-error.js';
import { DELIMITED, INT64_MAX, INT64_MIN, MAX_DATE_MS, ORDERED, RUNS } from './key-arbitraries.js';

// Units chosen to break things: the delimiter, bytes below it, NUL, U+FFFF, lone and paired surrogates.
const hostileUnits = [
  '#',
  '"',
  '\0',
  '\x01',
  '\x7f',
  '\xff',
  '\uffff',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  'a',
  'é',
];
const hostileStrings = fc.string({ unit: fc.constantFrom(...hostileUnits), maxLength: 6 });
const hostileBytes = fc
  .array(fc.constantFrom(0x00, 0x01, 0x22, 0x23, 0x24, 0x7f, 0xfe, 0xff), { maxLength: 6 })
  .map((a) => Uint8Array.from(a));
const hasLoneSurrogate = (s: string) => /\p{Cs}/u.test(s);

function outcome(run: () => unknown): { ok: unknown } | { error: KeyEncodingError } {
  try {
    return { ok: run() };
  } catch (error) {
    if (!(error instanceof KeyEncodingError)) throw error;
    return { error };
  }
}

function codecFor(segment: SegmentSpec, delimited: boolean) {
  return createKeyCodec({
    entity: 'Hostile',
    segments: [{ type: 'literal', value: 'h' }, segment, { type: 'string', name: 'tail' }],
    encoding: delimited ? DELIMITED : ORDERED,
  });
}

describe('adversarial values: delimited keys reject, ordered-code keys round-trip', () => {
  for (const delimited of [true, false]) {
    const kind = delimited ? 'delimited' : 'orderedCode';
    const strings = codecFor({ type: 'string', name: 'x' }, delimited);
    const bytes = codecFor({ type: 'bytes', name: 'x' }, delimited);

    it(`${kind}: strings round-trip exactly or fail with KeyEncodingError naming entity, field, value, rule`, () => {
      fc.assert(
        fc.property(hostileStrings, (x) => {
          const result = outcome(() => strings.decode(strings.encode({ x, tail: 'ok' })));
          const mustFail =
            hasLoneSurrogate(x) || (delimited && [...x].some((c) => c.codePointAt(0)! <= 0x23));
          if ('ok' in result) {
            expect(mustFail).toBe(false);
            expect(result.ok).toEqual({ x, tail: 'ok' });
          } else {
            expect(mustFail).toBe(true);
            const e = result.error;
            expect([e.entity, e.field, e.value, e.code]).toEqual(['Hostile', 'x', x, 'KEY_ENCODING']);
            expect(e.limit).toMatch(
              hasLoneSurrogate(x) ? /lone surrogate U\+D[89A-F][0-9A-F]{2}/ : /≤ delimiter\[0\] 0x23/,
            );
            expect(e.message).toContain('Hostile.x');
            expect(e.message).toContain(e.limit);
          }
        }),
        RUNS,
      );
    });

    it(`${kind}: bytes round-trip exactly or fail naming the offending byte`, () => {
      fc.assert(
        fc.property(hostileBytes, (x) => {
          const result = outcome(() => bytes.decode(bytes.encode({ x, tail: '' })));
          const bad = x.find((b) => b <= 0x23);
          if (delimited && bad !== undefined) {
            expect('error' in result).toBe(true);
            const e = (result as { error: KeyEncodingError }).error;
            expect(e.value).toBe(x);
            expect(e.limit).toContain(`byte 0x${bad.toString(16).padStart(2, '0')}`);
          } else {
            expect(result).toEqual({ ok: { x, tail: '' } });
          }
        }),
        RUNS,
      );
    });
  }

  it('the delimited error names entity, field, value and the offending byte', () => {
    const codec = codecFor({ type: 'string', name: 'x' }, true);
    expect(() => codec.encode({ x: 'a#b', tail: '' })).toThrow(
      'Hostile.x: row key value "a#b" rejected: byte 0x23 at offset 1 ≤ delimiter[0] 0x23 (sorted-mode delimited key)',
    );
    expect(() => codec.encode({ x: 'ok', tail: 'a\0' })).toThrow(
      /Hostile\.tail: .*"a\\u0000".*byte 0x00 at offset 1/,
    );
  });

  describe('extreme integers and dates', () => {
    type Case = [
      label: string,
      spec: SegmentSpec,
      value: KeyValue,
      delimited: 'ok' | RegExp,
      ordered: 'ok' | RegExp,
    ];
    const int: SegmentSpec = { type: 'int64', name: 'x' };
    const ts: SegmentSpec = { type: 'timestamp', name: 'x' };
    const rts: SegmentSpec = { type: 'reversedTimestamp', name: 'x' };
    const rid: SegmentSpec = { type: 'reversedInt64', name: 'x' };
    const cases: Case[] = [
      ['int64 max', int, INT64_MAX, 'ok', 'ok'],
      ['int64 min', int, INT64_MIN, /non-negative/, 'ok'],
      ['int64 -1', int, -1n, /non-negative/, 'ok'],
      ['above int64', int, INT64_MAX + 1n, /int64/, /int64/],
      ['below int64', int, INT64_MIN - 1n, /non-negative|int64/, /int64/],
      ['unsafe number', int, 2 ** 53, /safe integer/, /safe integer/],
      ['fraction', int, 1.5, /safe integer/, /safe integer/],
      ['NaN', int, NaN, /safe integer/, /safe integer/],
      ['string for int64', int, '5', /bigint/, /bigint/],
      [
        'int64 width 3 overflow',
        { type: 'int64', name: 'x', width: 3 },
        1000n,
        /at most 3 decimal digits/,
        'ok',
      ],
      ['latest Date', ts, new Date(MAX_DATE_MS), 'ok', 'ok'],
      ['earliest Date', ts, new Date(-MAX_DATE_MS), /non-negative/, 'ok'],
      ['just before epoch', ts, new Date(-1), /non-negative/, 'ok'],
      ['Invalid Date', ts, new Date(NaN), /valid Date/, /valid Date/],
      ['micros not whole ms for a Date segment', ts, 1n, /whole milliseconds/, /whole milliseconds/],
      ['whole-ms micros for a Date segment', ts, 5000n, 'ok', 'ok'],
      ['reversed latest Date', rts, new Date(MAX_DATE_MS), 'ok', 'ok'],
      ['reversed epoch', rts, new Date(0), 'ok', 'ok'],
      ['reversed before epoch', rts, new Date(-1), /at or after 1970/, /at or after 1970/],
      ['reversed id 0', rid, 0n, 'ok', 'ok'],
      ['reversed id max', rid, INT64_MAX, 'ok', 'ok'],
      ['reversed id -1', rid, -1n, /between 0 and 2\^63-1/, /between 0 and 2\^63-1/],
    ];
    for (const [label, spec, value, delimitedResult, orderedResult] of cases) {
      for (const delimited of [true, false]) {
        const expected = delimited ? delimitedResult : orderedResult;
        it(`${label}, ${delimited ? 'delimited' : 'ordered-code'}: ${expected === 'ok' ? 'round-trips' : 'rejected'}`, () => {
          const codec = codecFor(spec, delimited);
          const result = outcome(() => codec.decode(codec.encode({ x: value, tail: '' })));
          if (expected === 'ok') {
            const back = (result as { ok: { x: KeyValue } }).ok.x;
            expect(back).toEqual(
              spec.type === 'timestamp' && typeof value === 'bigint'
                ? new Date(Number(value / 1000n))
                : value,
            );
          } else {
            expect('error' in result && result.error.limit).toMatch(expected);
            expect('error' in result && result.error.value).toBe(value);
          }
        });
      }
    }
  });
});
