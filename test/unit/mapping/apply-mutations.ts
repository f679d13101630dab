// What Bigtable does with one row's mutations, in memory: the oracle of pure save → read round trips.
import { bytesEqual, compareBytes } from '../../../src/codecs/key/bytes.js';
import type { Mutation } from '../../../src/model/mutation.js';
import type { Cell, RowData } from '../../../src/model/row-data.js';

function sameColumn(a: { family: string; qualifier: Uint8Array }, b: Cell): boolean {
  return a.family === b.family && bytesEqual(a.qualifier, b.qualifier);
}

function removed(m: Mutation, cell: Cell): boolean {
  switch (m.kind) {
    case 'setCell':
      return sameColumn(m, cell) && cell.timestampMicros === m.timestampMicros;
    case 'deleteFromColumn':
      return (
        sameColumn(m, cell) &&
        (m.startMicros === undefined || cell.timestampMicros >= m.startMicros) &&
        (m.endMicros === undefined || cell.timestampMicros < m.endMicros)
      );
    case 'deleteFromFamily':
      return cell.family === m.family;
    case 'deleteFromRow':
      return true;
    default:
      throw new Error(`applyMutations: ${m.kind} is not modelled`);
  }
}

/**
 * The row after `mutations` (SetCell, DeleteFromColumn with its time range, DeleteFromFamily, DeleteFromRow) are
 * applied in order to `row`, cells in Bigtable's order: family, qualifier, newest first.
 */
export function applyMutations(row: RowData, mutations: readonly Mutation[]): RowData {
  let cells = [...row.cells];
  for (const m of mutations) {
    cells = cells.filter((cell) => !removed(m, cell));
    if (m.kind === 'setCell')
      cells.push({
        family: m.family,
        qualifier: m.qualifier,
        timestampMicros: m.timestampMicros,
        value: m.value,
        labels: [],
      });
  }
  cells.sort(
    (a, b) =>
      (a.family < b.family ? -1 : a.family > b.family ? 1 : 0) ||
      compareBytes(a.qualifier, b.qualifier) ||
      (a.timestampMicros < b.timestampMicros ? 1 : a.timestampMicros > b.timestampMicros ? -1 : 0),
  );
  return { key: row.key, cells };
}
