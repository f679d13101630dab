import { bytesEqual } from '../codecs/key/bytes.js';
import type { Mutation } from '../model/mutation.js';
import type { Cell, RowData } from '../model/row-data.js';

type Column = { readonly family: string; readonly qualifier: Uint8Array };

function sameColumn(a: Column, b: Column): boolean {
  return a.family === b.family && bytesEqual(a.qualifier, b.qualifier);
}

function newest(cells: readonly Cell[], column: Column): Cell | undefined {
  let best: Cell | undefined;
  for (const cell of cells) {
    if (sameColumn(cell, column) && (best === undefined || cell.timestampMicros > best.timestampMicros))
      best = cell;
  }
  return best;
}

/**
 * Whether a row read back after a write of unknown outcome shows that write as the last thing that happened to
 * every column it touched: each cell it set is present and (for a replaced column) the newest, each column,
 * family or row it cleared holds nothing but what it then set. Used to settle an unknown outcome as written; when
 * false the outcome stays unknown (the write may not have applied, or a later write replaced it). AddToCell and
 * MergeToCell can never be confirmed this way. Pure.
 *
 * Soundness: a row matching cell for cell, timestamps included, is the state this write leaves; only another
 * write of the very same cells at the same millisecond could produce it, and then the stored state is this
 * write's anyway.
 *
 * @example
 * ```ts
 * const written = rowReflectsMutations(row, save.mutations); // true: the write is there after all
 * ```
 */
export function rowReflectsMutations(row: RowData | undefined, mutations: readonly Mutation[]): boolean {
  const cells = row?.cells ?? [];
  const sets = mutations.flatMap((m, i) => (m.kind === 'setCell' ? [{ m, i }] : []));
  const setAfter = (i: number, match: (m: Column) => boolean): boolean =>
    sets.some((s) => s.i > i && match(s.m));
  for (const [i, m] of mutations.entries()) {
    switch (m.kind) {
      case 'setCell': {
        const replaced = mutations.some(
          (d, j) =>
            j < i &&
            ((d.kind === 'deleteFromColumn' &&
              d.startMicros === undefined &&
              d.endMicros === undefined &&
              sameColumn(d, m)) ||
              (d.kind === 'deleteFromFamily' && d.family === m.family) ||
              d.kind === 'deleteFromRow'),
        );
        const found = replaced
          ? newest(cells, m)
          : cells.find((c) => sameColumn(c, m) && c.timestampMicros === m.timestampMicros);
        if (!found || found.timestampMicros !== m.timestampMicros || !bytesEqual(found.value, m.value))
          return false;
        break;
      }
      case 'deleteFromColumn': {
        if (setAfter(i, (s) => sameColumn(s, m))) break;
        const inRange = (c: Cell): boolean =>
          (m.startMicros === undefined || c.timestampMicros >= m.startMicros) &&
          (m.endMicros === undefined || c.timestampMicros < m.endMicros);
        if (cells.some((c) => sameColumn(c, m) && inRange(c))) return false;
        break;
      }
      case 'deleteFromFamily': {
        const others = cells.filter((c) => c.family === m.family && !setAfter(i, (s) => sameColumn(s, c)));
        if (others.length > 0) return false;
        break;
      }
      case 'deleteFromRow': {
        if (cells.some((c) => !setAfter(i, (s) => sameColumn(s, c)))) return false;
        break;
      }
      case 'addToCell':
      case 'mergeToCell':
        return false;
    }
  }
  return true;
}
