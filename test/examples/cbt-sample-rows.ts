import type { PrintableRow } from '../../examples/format-cbt-rows.js';

const b = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

/**
 * Rows whose `cbt read` output (cbt 1.23.2, TZ=UTC, against the emulator) is test/fixtures/cbt/sample-read.txt: every
 * quoting case of Go's `%q`, versions of one column, families out of order, wide and multi-byte qualifiers.
 */
export const CBT_SAMPLE_ROWS: readonly PrintableRow[] = [
  {
    key: b('asia#india#bangalore'),
    cells: [
      { family: 'zeta', qualifier: b('a'), timestampMicros: 1_000n, value: b('last family') },
      {
        family: 'Friends',
        qualifier: b('Seo Yoon'),
        timestampMicros: 1_600_000_000_123_000n,
        value: b('school'),
      },
      {
        family: 'Friends',
        qualifier: b('Fred'),
        timestampMicros: 1_600_000_000_000_000n,
        value: b('book-club'),
      },
      { family: 'c', qualifier: b('é€'), timestampMicros: 1_700_000_000_000_000n, value: b('héllo € 😀') },
      { family: 'c', qualifier: b('q'), timestampMicros: 3_000_000n, value: b('v3') },
      { family: 'c', qualifier: b('q'), timestampMicros: 2_000_000n, value: b('v2') },
      { family: 'c', qualifier: b('q'), timestampMicros: 1_000_000n, value: b('v1') },
    ],
  },
  {
    key: b('escapes'),
    cells: [
      {
        family: 'c',
        qualifier: b('controls'),
        timestampMicros: 0n,
        value: bytes(7, 8, 9, 10, 11, 12, 13, 0, 1, 0x1f, 0x7f),
      },
      { family: 'c', qualifier: b('quotes'), timestampMicros: 0n, value: b('say "hi" \\ bye') },
      { family: 'c', qualifier: b('int64'), timestampMicros: 0n, value: bytes(0, 0, 0, 0, 0, 0, 0, 0x9c) },
      {
        family: 'c',
        qualifier: b('invalid-utf8'),
        timestampMicros: 0n,
        value: bytes(0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xe2, 0x82, 0xff, 0xf4, 0x90, 0x80, 0x80),
      },
      {
        family: 'c',
        qualifier: b('unprintable'),
        timestampMicros: 0n,
        value: b('nbsp\u00a0zwsp\u200bsoft\u00adbom\ufeffprivate\u{f0000}'),
      },
      { family: 'c', qualifier: b('empty'), timestampMicros: 0n, value: bytes() },
      {
        family: 'c',
        qualifier: b('a-qualifier-longer-than-the-forty-rune-column'),
        timestampMicros: 0n,
        value: b('x'),
      },
    ],
  },
];
