import { printableKey } from '../../errors/printable-key.js';
import type { ReadRowsRequestData, RowFilter } from '../../model/read-rows-request.js';

/**
 * Bytes as readable text: printable ASCII as is, anything else (and the backslash) as `\xNN`.
 *
 * @example
 * ```ts
 * renderBytes(Uint8Array.of(0x61, 0xff)); // 'a\\xff'
 * ```
 */
export function renderBytes(bytes: Uint8Array): string {
  return printableKey(bytes);
}

/**
 * A JSON-safe copy of a request or filter: bytes become `"b'…'"` strings (see {@link renderBytes}), bigints
 * `"50n"`. Golden files and `explain()` use it.
 *
 * @example
 * ```ts
 * JSON.stringify(plainRequest(plan.request), null, 2);
 * ```
 */
export function plainRequest(value: unknown): unknown {
  if (value instanceof Uint8Array) return `b'${renderBytes(value)}'`;
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return value.map(plainRequest);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainRequest(v)]));
  }
  return value;
}

function renderFilter(filter: RowFilter, indent: string, out: string[]): void {
  const [kind, value] = Object.entries(filter)[0]! as [string, unknown];
  if (kind === 'chain' || kind === 'interleave') {
    out.push(`${indent}${kind}`);
    for (const member of value as RowFilter[]) renderFilter(member, `${indent}  `, out);
    return;
  }
  if (kind === 'condition') {
    const c = value as { predicate: RowFilter; trueFilter?: RowFilter; falseFilter?: RowFilter };
    out.push(`${indent}condition`);
    out.push(`${indent}  if`);
    renderFilter(c.predicate, `${indent}    `, out);
    if (c.trueFilter) {
      out.push(`${indent}  then`);
      renderFilter(c.trueFilter, `${indent}    `, out);
    }
    if (c.falseFilter) {
      out.push(`${indent}  else`);
      renderFilter(c.falseFilter, `${indent}    `, out);
    } else out.push(`${indent}  else skip the row`);
    return;
  }
  if (BYTE_PATTERNS.has(kind) && value instanceof Uint8Array) {
    out.push(`${indent}${kind} /${renderPattern(value)}/`);
    return;
  }
  out.push(`${indent}${kind} ${JSON.stringify(plainRequest(value))}`);
}

/** Filters whose value is an RE2 pattern over bytes. */
const BYTE_PATTERNS = new Set(['rowKeyRegex', 'columnQualifierRegex', 'valueRegex']);

/**
 * An RE2 pattern as text RE2 reads the same way: printable ASCII as is (backslashes included), every other byte
 * as `\xNN`, which Bigtable's byte-wise (Latin-1) RE2 matches exactly like the raw byte.
 */
function renderPattern(pattern: Uint8Array): string {
  let text = '';
  for (const b of pattern)
    text += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
  return text;
}

/**
 * The request as indented text: row set, filter tree, limit, direction.
 *
 * @example
 * ```ts
 * console.log(renderRequest(plan.request).join('\n'));
 * ```
 */
export function renderRequest(request: ReadRowsRequestData | undefined): string[] {
  if (!request) return ['no request (no row can match)'];
  const out: string[] = ['rows:'];
  if (!request.rows) out.push('  whole table');
  else {
    for (const key of request.rows.rowKeys) out.push(`  key '${renderBytes(key)}'`);
    for (const r of request.rows.rowRanges) {
      const start =
        r.startKeyClosed !== undefined
          ? `['${renderBytes(r.startKeyClosed)}'`
          : r.startKeyOpen !== undefined
            ? `('${renderBytes(r.startKeyOpen)}'`
            : '(-inf';
      const end =
        r.endKeyOpen !== undefined
          ? `'${renderBytes(r.endKeyOpen)}')`
          : r.endKeyClosed !== undefined
            ? `'${renderBytes(r.endKeyClosed)}']`
            : '+inf)';
      out.push(`  range ${start}, ${end}`);
    }
  }
  out.push('filter:');
  if (request.filter) renderFilter(request.filter, '  ', out);
  else out.push('  none (every cell)');
  if (request.rowsLimit !== undefined) out.push(`rowsLimit: ${request.rowsLimit}`);
  if (request.reversed) out.push('reversed: true');
  return out;
}
