import { keySuccessor } from '../codecs/key/key-range.js';
import type { RowRange, RowSet } from '../model/read-rows-request.js';
import type { InterceptedRange } from './intercepted-call.js';

const EMPTY = new Uint8Array(0);
const WHOLE_TABLE: InterceptedRange = { start: EMPTY, end: EMPTY };

/** A copy of `key` (a Buffer's `slice` would share its memory). */
function copy(key: Uint8Array): Uint8Array {
  return new Uint8Array(key);
}

/** The key right after `key`: the first key greater than it (an open start, a closed end). */
function after(key: Uint8Array): Uint8Array {
  const out = new Uint8Array(key.length + 1);
  out.set(key);
  return out;
}

function halfOpen(range: RowRange): InterceptedRange {
  const start =
    range.startKeyClosed !== undefined
      ? copy(range.startKeyClosed)
      : range.startKeyOpen !== undefined
        ? after(range.startKeyOpen)
        : EMPTY;
  const end =
    range.endKeyOpen !== undefined
      ? copy(range.endKeyOpen)
      : range.endKeyClosed !== undefined
        ? after(range.endKeyClosed)
        : EMPTY;
  return { start, end };
}

/**
 * The rows of ReadRows row sets as an interceptor sees them: copied exact keys and half-open ranges. A request
 * without rows, or with an empty row set, reads the whole table, and says so (one unbounded range).
 *
 * @example
 * ```ts
 * const { keys, ranges } = interceptedRows([plan.request?.rows]);
 * ```
 */
export function interceptedRows(rowSets: ReadonlyArray<RowSet | undefined>): {
  keys: Uint8Array[];
  ranges: InterceptedRange[];
} {
  const keys: Uint8Array[] = [];
  const ranges: InterceptedRange[] = [];
  for (const rows of rowSets) {
    if (rows === undefined || (rows.rowKeys.length === 0 && rows.rowRanges.length === 0)) {
      ranges.push(WHOLE_TABLE);
      continue;
    }
    for (const key of rows.rowKeys) keys.push(copy(key));
    for (const range of rows.rowRanges) ranges.push(halfOpen(range));
  }
  return { keys, ranges };
}

/**
 * The range of every key starting with `prefix` (the whole table for an empty one), half-open.
 *
 * @example
 * ```ts
 * prefixRange(Buffer.from('acme#')); // { start: 'acme#', end: 'acme$' }
 * ```
 */
export function prefixRange(prefix: Uint8Array): InterceptedRange {
  return { start: copy(prefix), end: keySuccessor(prefix) ?? EMPTY };
}
