import type { RowFilter } from '../../../model/read-rows-request.js';
import { sameFilter } from './same-filter.js';

/*
 * Why this exists: a read chain is assembled from parts derived independently — the family's GC keep filter, the
 * "newest cell only" of hydration, a versions() window — so the same limit arrives twice (GC maxVersions(1) plus
 * latest-1) or a limit arrives that an earlier one already enforces. Each such member costs filter bytes (RowFilter
 * is capped at 20 KiB) and server work and cannot change a single cell of the result. The rules below only drop
 * members whose absence provably yields the same cells; anything they do not understand stops them.
 */

/**
 * Members a second copy of which is a no-op anywhere later in a chain: predicates on a cell's row key, family,
 * qualifier or timestamp (no filter changes those), and stripping values (they stay empty).
 */
const REPEATS_ARE_NO_OPS = [
  'familyNameRegex',
  'columnQualifierRegex',
  'columnRange',
  'timestampRange',
  'rowKeyRegex',
  'stripValue',
] as const;

/** Members that never add cells to a row (everything but interleave, condition and sink, which can). */
function neverAddsCells(f: RowFilter): boolean {
  return f.interleave === undefined && f.condition === undefined && f.sink === undefined;
}

/**
 * Members through which "the newest N cells of each column" can be taken earlier or later with the same result:
 * they keep or drop whole columns (family, qualifier), keep a newest-first prefix of each column (a timestamp range
 * open at the top: cells come newest first), or only rewrite cells (strip value, label).
 */
function commutesWithColumnLimit(f: RowFilter): boolean {
  if (f.familyNameRegex !== undefined || f.columnQualifierRegex !== undefined || f.columnRange !== undefined)
    return true;
  if (f.timestampRange !== undefined) return f.timestampRange.endMicros === undefined;
  return f.stripValue !== undefined || f.applyLabel !== undefined || f.cellsPerColumnLimit !== undefined;
}

/** Members that never rewrite a value (a strip does; a union or condition may hold one). */
function keepsValues(f: RowFilter): boolean {
  return f.stripValue === undefined && neverAddsCells(f);
}

/** Value predicates: a repeat is a no-op unless something between the copies may have rewritten the values. */
const VALUE_PREDICATES = ['valueRange', 'valueRegex'] as const;

function isRepeat(f: RowFilter, earlier: readonly RowFilter[]): boolean {
  const same = (kind: keyof RowFilter) => (e: RowFilter) =>
    e[kind] !== undefined && sameFilter(e[kind], f[kind]);
  if (REPEATS_ARE_NO_OPS.some((kind) => f[kind] !== undefined && earlier.some(same(kind)))) return true;
  return VALUE_PREDICATES.some((kind) => {
    if (f[kind] === undefined) return false;
    const copy = earlier.findLastIndex(same(kind));
    return copy >= 0 && earlier.slice(copy + 1).every(keepsValues);
  });
}

/**
 * The members of a flat chain without those that cannot change its output:
 * - a repeated row key, family, qualifier, column-range or timestamp-range filter (the cell attributes it tests
 *   never change along a chain), a repeated `stripValue`, a repeated value predicate with nothing between that may rewrite values;
 * - a `cellsPerColumnLimit` (or `cellsPerRowLimit`) no smaller than a limit already applied, with nothing in
 *   between that can add cells;
 * - a `cellsPerColumnLimit: a` followed, through members that commute with it, by a `cellsPerColumnLimit: b ≤ a`.
 *
 * @example
 * ```ts
 * simplifyChain([{ familyNameRegex: 'd' }, { cellsPerColumnLimit: 1 }, { cellsPerColumnLimit: 1 }]);
 * // [{ familyNameRegex: 'd' }, { cellsPerColumnLimit: 1 }]
 * ```
 */
export function simplifyChain(members: readonly RowFilter[]): RowFilter[] {
  // Forward: drop repeats and limits already enforced.
  const kept: RowFilter[] = [];
  let perColumn = Infinity;
  let perRow = Infinity;
  for (const f of members) {
    if (isRepeat(f, kept)) continue;
    if (f.cellsPerColumnLimit !== undefined) {
      if (f.cellsPerColumnLimit >= perColumn) continue;
      perColumn = f.cellsPerColumnLimit;
    } else if (f.cellsPerRowLimit !== undefined) {
      if (f.cellsPerRowLimit >= perRow) continue;
      perRow = f.cellsPerRowLimit;
      perColumn = Math.min(perColumn, perRow);
    } else if (!neverAddsCells(f)) {
      perColumn = Infinity;
      perRow = Infinity;
    }
    kept.push(f);
  }
  // Backward: a column limit made moot by a tighter or equal one further on.
  return kept.filter((f, i) => {
    const a = f.cellsPerColumnLimit;
    if (a === undefined) return true;
    for (const later of kept.slice(i + 1)) {
      if (later.cellsPerColumnLimit !== undefined && later.cellsPerColumnLimit <= a) return false;
      if (!commutesWithColumnLimit(later)) return true;
    }
    return true;
  });
}
