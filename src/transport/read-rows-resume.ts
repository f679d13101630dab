import type {
  ReadRowsRequestData,
  RowRange,
  RowRangeEnd,
  RowRangeStart,
} from '../model/read-rows-request.js';

/**
 * What a read has achieved before it failed: the furthest row key it got past (last row delivered, or the
 * server's `lastScannedRowKey` if further) and how many rows it delivered.
 */
export interface ReadRowsProgress {
  readonly lastKey: Uint8Array | undefined;
  readonly rowsRead: bigint;
}

const compare = (a: Uint8Array, b: Uint8Array): number => Buffer.compare(a, b);

function startOf(range: RowRange): RowRangeStart {
  if (range.startKeyClosed !== undefined) return { startKeyClosed: range.startKeyClosed };
  if (range.startKeyOpen !== undefined) return { startKeyOpen: range.startKeyOpen };
  return {};
}

function endOf(range: RowRange): RowRangeEnd {
  if (range.endKeyOpen !== undefined) return { endKeyOpen: range.endKeyOpen };
  if (range.endKeyClosed !== undefined) return { endKeyClosed: range.endKeyClosed };
  return {};
}

/** An empty bound means "unbounded" on the wire, exactly like an absent one. */
function bound(key: Uint8Array | undefined): Uint8Array | undefined {
  return key !== undefined && key.length > 0 ? key : undefined;
}

/** Forward scan: everything up to and including `last` was read. */
function afterKey(range: RowRange, last: Uint8Array): RowRange | undefined {
  const end = bound(range.endKeyOpen ?? range.endKeyClosed);
  if (end !== undefined && compare(end, last) <= 0) return undefined;
  const start = bound(range.startKeyClosed ?? range.startKeyOpen);
  if (start !== undefined && compare(start, last) > 0) return range;
  return { startKeyOpen: last, ...endOf(range) };
}

/** Reversed scan: everything from `last` upwards was read. */
function beforeKey(range: RowRange, last: Uint8Array): RowRange | undefined {
  const start = bound(range.startKeyClosed ?? range.startKeyOpen);
  if (start !== undefined && compare(start, last) >= 0) return undefined;
  const end = bound(range.endKeyOpen ?? range.endKeyClosed);
  if (end !== undefined && compare(end, last) < 0) return range;
  return { ...startOf(range), endKeyOpen: last };
}

/**
 * Computes the request that resumes a read after a retryable failure, from the original request and the progress
 * made: keys and ranges already passed are dropped, the range being read starts just after the last key (ends
 * just before it when reversed), and `rowsLimit` is reduced by the rows delivered. Returns `'done'` when nothing
 * is left to read, because an empty row set would read the whole table. Pure: the original is never modified.
 *
 * @example
 * ```ts
 * readRowsResume({ rowsLimit: 10n }, { lastKey: Buffer.from('b'), rowsRead: 2n });
 * // { rowsLimit: 8n, rows: { rowKeys: [], rowRanges: [{ startKeyOpen: <62> }] } }
 * ```
 */
export function readRowsResume(
  original: ReadRowsRequestData,
  progress: ReadRowsProgress,
): ReadRowsRequestData | 'done' {
  let rowsLimit = original.rowsLimit;
  if (rowsLimit !== undefined) {
    rowsLimit -= progress.rowsRead;
    if (rowsLimit <= 0n) return 'done';
  }
  const last = progress.lastKey;
  if (last === undefined) {
    return rowsLimit === original.rowsLimit ? original : { ...original, rowsLimit };
  }
  const reversed = original.reversed === true;
  const rows = original.rows;
  const wholeTable = rows === undefined || (rows.rowKeys.length === 0 && rows.rowRanges.length === 0);
  const ranges: readonly RowRange[] = wholeTable ? [{}] : rows.rowRanges;
  const rowKeys = wholeTable
    ? []
    : rows.rowKeys.filter((key) => (reversed ? compare(key, last) < 0 : compare(key, last) > 0));
  const rowRanges: RowRange[] = [];
  for (const range of ranges) {
    const rest = reversed ? beforeKey(range, last) : afterKey(range, last);
    if (rest) rowRanges.push(rest);
  }
  if (rowKeys.length === 0 && rowRanges.length === 0) return 'done';
  return { ...original, rows: { rowKeys, rowRanges }, ...(rowsLimit === undefined ? {} : { rowsLimit }) };
}
