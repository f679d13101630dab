// The studio's display objects: bytes shown as escaped text and hex, bounded, and reversible (no two byte strings
// show the same text), and decoded values as bounded previews.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesDisplay, PREVIEW_LIMIT, previewText } from '../../../src/studio/server/bytes-display.js';
import { valueDisplay } from '../../../src/studio/server/value-display.js';

/** Whether text holds what the display never shows unescaped: C0/C1 controls, DEL, the line/paragraph separators and the backslash. */
function unsafe(text: string): boolean {
  return [...text].some((c) => {
    const code = c.codePointAt(0)!;
    return (
      code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 || code === 0x5c
    );
  });
}

/** Reads an escaped text back into bytes: `\xNN` is one byte, anything else its UTF-8. */
function unescape(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length;) {
    if (text.startsWith('\\x', i)) {
      out.push(parseInt(text.slice(i + 2, i + 4), 16));
      i += 4;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i)!);
    out.push(...Buffer.from(char, 'utf8'));
    i += char.length;
  }
  return Uint8Array.from(out);
}

describe('bytesDisplay', () => {
  it('escapes invalid UTF-8, control characters and the backslash, and the text reads back to the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const shown = bytesDisplay(bytes);
        expect(shown.size).toBe(bytes.length);
        expect(shown.hex).toBe(Buffer.from(bytes).toString('hex'));
        expect(shown.truncated).toBe(false);
        expect(unescape(shown.text)).toEqual(bytes);
        // Nothing that hides or reorders text, and no raw backslash, survives unescaped.
        expect(unsafe(shown.text.replace(/\\x[0-9a-f]{2}/g, ''))).toBe(false);
      }),
    );
  });

  it('keeps valid UTF-8 text as text and says so', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (text) => {
        const clean = !unsafe(text);
        const shown = bytesDisplay(Buffer.from(text, 'utf8'));
        expect(shown.utf8).toBe(clean);
        if (clean) expect(shown.text).toBe(text);
      }),
    );
    expect(bytesDisplay(Buffer.from('<script>alert(1)</script>')).text).toBe('<script>alert(1)</script>');
    expect(bytesDisplay(Uint8Array.of(0x61, 0x00, 0xff, 0x5c))).toEqual({
      size: 4,
      hex: '6100ff5c',
      text: 'a\\x00\\xff\\x5c',
      utf8: false,
      truncated: false,
    });
  });

  it('shows at most the first 4 KiB of a large value', () => {
    const big = new Uint8Array(3 * 1024 * 1024).fill(0xe2);
    const shown = bytesDisplay(big);
    expect(shown).toMatchObject({ size: big.length, truncated: true, utf8: false });
    expect(shown.hex).toHaveLength(2 * PREVIEW_LIMIT);
    expect(unescape(shown.text)).toEqual(big.subarray(0, PREVIEW_LIMIT));
  });
});

describe('previewText and valueDisplay', () => {
  it('bounds and escapes text', () => {
    expect(previewText('a\nb\\c\u202e')).toEqual({ text: 'a\\x0ab\\x5cc\u202e', truncated: false });
    expect(previewText('x'.repeat(PREVIEW_LIMIT + 1))).toEqual({
      text: 'x'.repeat(PREVIEW_LIMIT),
      truncated: true,
    });
    expect(previewText('\ud800')).toEqual({ text: '\\ud800', truncated: false });
  });

  it('types values, with an editable JSON value for scalars only', () => {
    expect(valueDisplay(5n, 'int64')).toEqual({ type: 'bigint', text: '5', truncated: false, json: '5' });
    expect(valueDisplay(5, 'int64AsNumber')).toEqual({ type: 'int', text: '5', truncated: false, json: 5 });
    expect(valueDisplay(0.5, 'float64')).toEqual({ type: 'float', text: '0.5', truncated: false, json: 0.5 });
    expect(valueDisplay(true, 'boolean')).toEqual({
      type: 'bool',
      text: 'true',
      truncated: false,
      json: true,
    });
    expect(valueDisplay(new Date(0), 'date')).toEqual({
      type: 'date',
      text: '1970-01-01T00:00:00.000Z',
      truncated: false,
      json: '1970-01-01T00:00:00.000Z',
    });
    expect(valueDisplay(undefined)).toEqual({ type: 'null', text: 'null', truncated: false, json: null });
    expect(valueDisplay(new Map([['a', 1n]]))).toEqual({
      type: 'map',
      text: 'Map {"a" → 1n}',
      truncated: false,
    });
    const many = valueDisplay(new Set(Array.from({ length: 200 }, (_, i) => i)));
    expect(many.type).toBe('set');
    expect(many.text).toMatch(/, … \(200 in all\)\}$/);
    expect(many).not.toHaveProperty('json');
    expect(valueDisplay({ html: '<b>' }, 'json')).toMatchObject({ type: 'json', text: '{"html":"<b>"}' });
  });
});
