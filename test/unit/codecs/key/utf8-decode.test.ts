// utf8DecodeFatal skips the native decoder for short ASCII runs; it must give exactly what a fatal TextDecoder
// that keeps a BOM gives, for every input, and fail where it fails.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8DecodeFatal, utf8DecodeStrict } from '../../../../src/codecs/key/utf8.js';

const reference = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function outcome(run: () => string): { text: string } | { error: string } {
  try {
    return { text: run() };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

// Bytes around the ASCII boundary and the lengths around the scan limit, plus BOMs and broken sequences.
const byte = fc.oneof(
  fc.integer({ min: 0, max: 0x7f }),
  fc.constantFrom(0x00, 0x7f, 0x80, 0xbf, 0xc3, 0xa9, 0xef, 0xbb, 0xff),
);
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 80 }),
  fc.array(byte, { maxLength: 80 }).map((a) => Uint8Array.from(a)),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => new TextEncoder().encode(s)),
  fc.constantFrom(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61), Uint8Array.of(0x61, 0xc3), new Uint8Array(0)),
);

describe('utf8DecodeFatal', () => {
  it('matches a fatal, BOM-keeping TextDecoder on every input (Uint8Array and Buffer views)', () => {
    fc.assert(
      fc.property(bytes, fc.boolean(), (input, asBuffer) => {
        const view = asBuffer ? Buffer.concat([Buffer.from('xy'), input]).subarray(2) : input;
        expect(outcome(() => utf8DecodeFatal(view))).toEqual(outcome(() => reference.decode(input)));
        const strict = utf8DecodeStrict(view);
        const expected = outcome(() => reference.decode(input));
        expect(strict).toBe('text' in expected ? expected.text : undefined);
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps a leading BOM and refuses a lone continuation byte', () => {
    expect(utf8DecodeFatal(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toBe('\ufeffa');
    expect(() => utf8DecodeFatal(Uint8Array.of(0x61, 0x80))).toThrow(TypeError);
    expect(utf8DecodeFatal(new Uint8Array(64).fill(0x61))).toBe('a'.repeat(64));
    expect(utf8DecodeFatal(new Uint8Array(65).fill(0x62))).toBe('b'.repeat(65));
  });
});
