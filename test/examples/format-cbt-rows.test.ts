import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCbtRows, goQuote } from '../../examples/format-cbt-rows.js';
import { CBT_SAMPLE_ROWS } from './cbt-sample-rows.js';

// cbt prints local time; the fixture was captured with TZ=UTC. Node re-reads TZ when it is assigned.
process.env.TZ = 'UTC';

/** Reverses Go's strconv.Quote (only the escapes it produces), to check that goQuote loses no byte. */
function goUnquote(quoted: string): Uint8Array {
  const out: number[] = [];
  const named: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '"': 34, '\\': 92 };
  const body = quoted.slice(1, -1);
  for (let i = 0; i < body.length;) {
    if (body[i] !== '\\') {
      const cp = body.codePointAt(i)!;
      out.push(...Buffer.from(String.fromCodePoint(cp)));
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const kind = body[i + 1]!;
    if (kind === 'x') {
      out.push(parseInt(body.slice(i + 2, i + 4), 16));
      i += 4;
    } else if (kind === 'u' || kind === 'U') {
      const width = kind === 'u' ? 4 : 8;
      out.push(...Buffer.from(String.fromCodePoint(parseInt(body.slice(i + 2, i + 2 + width), 16))));
      i += 2 + width;
    } else {
      out.push(named[kind]!);
      i += 2;
    }
  }
  return Uint8Array.from(out);
}

describe('formatCbtRows', () => {
  it('prints exactly what `cbt read` printed for the same stored rows', () => {
    const cbt = readFileSync(new URL('../fixtures/cbt/sample-read.txt', import.meta.url), 'utf8');
    expect(formatCbtRows(CBT_SAMPLE_ROWS)).toBe(cbt);
  });

  it('quotes a binary key or qualifier instead of writing raw bytes (the one difference from cbt)', () => {
    const text = formatCbtRows([
      {
        key: Uint8Array.of(0x62, 0x00, 0xff),
        cells: [
          { family: 'f', qualifier: Uint8Array.of(0, 0, 0, 1), timestampMicros: 0n, value: Uint8Array.of() },
        ],
      },
    ]);
    expect(text.split('\n').slice(1, 3)).toEqual([
      '"b\\x00\\xff"',
      `  ${'f:"\\x00\\x00\\x00\\x01"'.padEnd(40)} @ 1970/01/01-00:00:00.000000`,
    ]);
  });
});

describe('goQuote', () => {
  it('is reversible and prints only printable characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 40 }),
          fc.string({ unit: 'grapheme' }).map((s) => Buffer.from(s)),
        ),
        (bytes) => {
          const quoted = goQuote(bytes);
          expect(Buffer.from(goUnquote(quoted)).equals(Buffer.from(bytes))).toBe(true);
          expect(quoted).toMatch(/^"[\p{L}\p{M}\p{N}\p{P}\p{S} ]*"$/u);
        },
      ),
    );
  });

  it('matches Go on the escapes it has names for', () => {
    expect(goQuote(Buffer.from('\t\n"\\'))).toBe('"\\t\\n\\"\\\\"');
    expect(goQuote(Uint8Array.of(0xef, 0xbf, 0xbd))).toBe('"\ufffd"'); // an encoded U+FFFD is printable
  });
});
