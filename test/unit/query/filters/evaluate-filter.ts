import type { RowFilter } from '../../../../src/model/read-rows-request.js';

/** One cell of the model row; a row is kept in Bigtable's order: family, qualifier, newest first. */
export interface ModelCell {
  readonly family: string;
  readonly qualifier: string;
  readonly micros: bigint;
  readonly value: string;
}

function order(a: ModelCell, b: ModelCell): number {
  if (a.family !== b.family) return a.family < b.family ? -1 : 1;
  if (a.qualifier !== b.qualifier) return a.qualifier < b.qualifier ? -1 : 1;
  return a.micros === b.micros ? 0 : a.micros > b.micros ? -1 : 1;
}

export function sortCells(cells: readonly ModelCell[]): ModelCell[] {
  return [...cells].sort(order);
}

const text = (b: Uint8Array | undefined): string | undefined =>
  b === undefined ? undefined : Buffer.from(b).toString('latin1');

/**
 * A reference interpreter of the RowFilter subset the planner emits, written from the v2 proto's definitions
 * (families and qualifiers matched exactly, as the planner's own filters do). It is the oracle that tells whether
 * dropping a chain member changed the result; it is deliberately naive.
 */
export function evaluateFilter(filter: RowFilter, cells: readonly ModelCell[]): ModelCell[] {
  if (filter.chain) return filter.chain.reduce<ModelCell[]>((acc, f) => evaluateFilter(f, acc), [...cells]);
  if (filter.interleave) return sortCells(filter.interleave.flatMap((f) => evaluateFilter(f, cells)));
  if (filter.passAll) return [...cells];
  if (filter.blockAll) return [];
  if (filter.familyNameRegex !== undefined) {
    // Exact names, or the planner's alternation of exact names `(?:a|b)`.
    const alternatives = /^\(\?:(.*)\)$/.exec(filter.familyNameRegex);
    const names = alternatives ? alternatives[1]!.split('|') : [filter.familyNameRegex];
    return cells.filter((c) => names.includes(c.family));
  }
  if (filter.condition) {
    const { predicate, trueFilter, falseFilter } = filter.condition;
    const branch = evaluateFilter(predicate, cells).length > 0 ? trueFilter : falseFilter;
    return branch === undefined ? [] : evaluateFilter(branch, cells);
  }
  if (filter.columnRange) {
    const r = filter.columnRange;
    const [sc, so, ec, eo] = [
      r.startQualifierClosed,
      r.startQualifierOpen,
      r.endQualifierClosed,
      r.endQualifierOpen,
    ].map(text);
    return cells.filter(
      (c) =>
        c.family === r.family &&
        (sc === undefined || c.qualifier >= sc) &&
        (so === undefined || c.qualifier > so) &&
        (ec === undefined || c.qualifier <= ec) &&
        (eo === undefined || c.qualifier < eo),
    );
  }
  if (filter.timestampRange) {
    const { startMicros, endMicros } = filter.timestampRange;
    return cells.filter(
      (c) =>
        (startMicros === undefined || c.micros >= startMicros) &&
        (endMicros === undefined || c.micros < endMicros),
    );
  }
  if (filter.valueRange) {
    const lo = text(filter.valueRange.startValueClosed);
    const hi = text(filter.valueRange.endValueClosed);
    return cells.filter((c) => (lo === undefined || c.value >= lo) && (hi === undefined || c.value <= hi));
  }
  if (filter.cellsPerColumnLimit !== undefined) {
    const seen = new Map<string, number>();
    return cells.filter((c) => {
      const column = `${c.family}:${c.qualifier}`;
      const n = (seen.get(column) ?? 0) + 1;
      seen.set(column, n);
      return n <= filter.cellsPerColumnLimit!;
    });
  }
  if (filter.cellsPerRowLimit !== undefined) return cells.slice(0, filter.cellsPerRowLimit);
  if (filter.cellsPerRowOffset !== undefined) return cells.slice(filter.cellsPerRowOffset);
  if (filter.stripValue) return cells.map((c) => ({ ...c, value: '' }));
  throw new Error(`the model does not interpret ${Object.keys(filter).join(',')}`);
}
