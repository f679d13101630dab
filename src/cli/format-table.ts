/**
 * Rows as a plain text table: a header line, then one line per row, columns padded to their widest cell. Newlines
 * and tabs inside cells are escaped so that each row stays one line.
 *
 * @example
 * ```ts
 * formatTable(['key', 'cpu'], [['phone#1', '0.5']]);
 * // key      cpu
 * // phone#1  0.5
 * ```
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const clean = (s: string): string => s.replace(/\n/g, '\\n').replace(/\t/g, '\\t');
  const all = [headers, ...rows].map((r) => headers.map((_, i) => clean(r[i] ?? '')));
  const widths = headers.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  return all
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
