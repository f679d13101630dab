// Prints stored rows the way `cbt read` does (cbt 1.23, the gcloud SDK's), so that the demo shows the bytes each
// seed design stores in the form Bigtable users already read:
//
//   ----------------------------------------
//   phone#4c410523#20200501
//     stats_summary:os_build                   @ 2020/05/01-00:00:00.000000
//       "PQ2A.190405.003"
//
// Values are quoted as Go's `%q` quotes bytes (cbt's default): printable UTF-8 as text, `\n`/`\t`-style escapes,
// other bytes as `\xNN`, unprintable code points as `\uNNNN`. Families are sorted by name and columns by
// qualifier, versions newest first; timestamps are local time with microseconds. One deliberate difference: cbt
// writes keys and qualifiers raw, which garbles a terminal when they are binary (ordered-code keys, int64
// qualifiers); here a key or qualifier that is not printable UTF-8 is quoted like a value instead.
import { compareBytes } from 'bigtable-mapper/keys';

/** One cell as the printer needs it (the transport's `Cell` has this shape). */
export interface PrintableCell {
  readonly family: string;
  readonly qualifier: Uint8Array;
  readonly timestampMicros: bigint;
  readonly value: Uint8Array;
}

/** One stored row. */
export interface PrintableRow {
  readonly key: Uint8Array;
  readonly cells: readonly PrintableCell[];
}

const RULE = '-'.repeat(40);

/** Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

const NAMED_ESCAPES: Readonly<Record<number, string>> = {
  0x07: '\\a',
  0x08: '\\b',
  0x0c: '\\f',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x0b: '\\v',
};

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

/**
 * The code point starting at `i` and its byte length, or `undefined` where Go's `utf8.DecodeRune` answers
 * RuneError (bad lead or continuation byte, overlong form, surrogate, beyond U+10FFFF, truncated sequence).
 */
function decodeRune(bytes: Uint8Array, i: number): { cp: number; width: number } | undefined {
  const b0 = bytes[i]!;
  if (b0 < 0x80) return { cp: b0, width: 1 };
  const width =
    b0 >= 0xc2 && b0 <= 0xdf ? 2 : b0 >= 0xe0 && b0 <= 0xef ? 3 : b0 >= 0xf0 && b0 <= 0xf4 ? 4 : 0;
  if (width === 0 || i + width > bytes.length) return undefined;
  let cp = b0 & (0xff >> (width + 1));
  for (let k = 1; k < width; k++) {
    const b = bytes[i + k]!;
    if ((b & 0xc0) !== 0x80) return undefined;
    cp = (cp << 6) | (b & 0x3f);
  }
  const min = width === 2 ? 0x80 : width === 3 ? 0x800 : 0x10000;
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
  return { cp, width };
}

/**
 * Go's `strconv.Quote` of a byte string (what `fmt.Printf("%q", value)` prints).
 *
 * @example
 * ```ts
 * goQuote(Buffer.from('a\x01é')); // '"a\\x01é"'
 * ```
 */
export function goQuote(bytes: Uint8Array): string {
  let out = '"';
  for (let i = 0; i < bytes.length;) {
    const rune = decodeRune(bytes, i);
    if (rune === undefined) {
      out += `\\x${hex(bytes[i]!, 2)}`;
      i += 1;
      continue;
    }
    i += rune.width;
    const { cp } = rune;
    const ch = String.fromCodePoint(cp);
    if (cp === 0x22 || cp === 0x5c) out += `\\${ch}`;
    else if (PRINTABLE.test(ch)) out += ch;
    else if (NAMED_ESCAPES[cp] !== undefined) out += NAMED_ESCAPES[cp];
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (cp < 0x10000) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return `${out}"`;
}

/** Whether the bytes are UTF-8 made of printable characters only (then cbt's raw output is safe to show). */
function isPrintableUtf8(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length;) {
    const rune = decodeRune(bytes, i);
    if (rune === undefined || !PRINTABLE.test(String.fromCodePoint(rune.cp))) return false;
    i += rune.width;
  }
  return true;
}

/** A key or qualifier: raw text like cbt when printable, else Go-quoted. */
const name = (bytes: Uint8Array): string =>
  isPrintableUtf8(bytes) ? Buffer.from(bytes).toString('utf8') : goQuote(bytes);

/** Go's `time.Format("2006/01/02-15:04:05.000000")` of microseconds since the epoch, in local time like cbt. */
function formatTimestamp(micros: bigint): string {
  const floorMillis = micros >= 0n ? micros / 1000n : (micros - 999n) / 1000n;
  const date = new Date(Number(floorMillis));
  const micro = ((micros % 1_000_000n) + 1_000_000n) % 1_000_000n;
  const p = (n: number): string => String(n).padStart(2, '0');
  return (
    `${String(date.getFullYear()).padStart(4, '0')}/${p(date.getMonth() + 1)}/${p(date.getDate())}` +
    `-${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}.${String(micro).padStart(6, '0')}`
  );
}

/** `%-40s`: Go pads to 40 runes, not bytes or UTF-16 units. */
const padRunes = (text: string, width: number): string =>
  text + ' '.repeat(Math.max(0, width - [...text].length));

/**
 * The text `cbt read` prints for these rows (rows in the order given; cells sorted as cbt sorts them).
 *
 * @example
 * ```ts
 * const text = formatCbtRows([{ key: Buffer.from('r1'), cells: [] }]);
 * ```
 */
export function formatCbtRows(rows: readonly PrintableRow[]): string {
  let out = '';
  for (const row of rows) {
    out += `${RULE}\n${name(row.key)}\n`;
    // Stable: versions of one column keep Bigtable's newest-first order.
    const cells = [...row.cells].sort(
      (a, b) =>
        compareBytes(Buffer.from(a.family), Buffer.from(b.family)) || compareBytes(a.qualifier, b.qualifier),
    );
    for (const cell of cells) {
      const column = `${cell.family}:${name(cell.qualifier)}`;
      out += `  ${padRunes(column, 40)} @ ${formatTimestamp(cell.timestampMicros)}\n`;
      out += `    ${goQuote(cell.value)}\n`;
    }
    out += '\n';
  }
  return out;
}
