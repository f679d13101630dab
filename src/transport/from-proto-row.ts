import type { Cell, RowData } from '../model/row-data.js';
import { toBigInt } from './to-bigint.js';

interface ProtoCell {
  timestampMicros?: unknown;
  value?: Uint8Array | null;
  labels?: string[] | null;
}
interface ProtoColumn {
  qualifier?: Uint8Array | null;
  cells?: ProtoCell[] | null;
}
interface ProtoFamily {
  name?: string | null;
  columns?: ProtoColumn[] | null;
}
/** The `google.bigtable.v2.Row` shape returned by ReadModifyWriteRow. */
export interface ProtoRow {
  key?: Uint8Array | null;
  families?: ProtoFamily[] | null;
}

/**
 * Flattens a v2 `Row` message (families → columns → cells) into the SDK's byte-exact {@link RowData}.
 *
 * @example
 * ```ts
 * const row = fromProtoRow(response.row);
 * ```
 */
export function fromProtoRow(row: ProtoRow): RowData {
  const cells: Cell[] = [];
  for (const family of row.families ?? []) {
    for (const column of family.columns ?? []) {
      for (const cell of column.cells ?? []) {
        cells.push({
          family: family.name ?? '',
          qualifier: new Uint8Array(column.qualifier ?? []),
          timestampMicros: toBigInt(cell.timestampMicros),
          value: new Uint8Array(cell.value ?? []),
          labels: [...(cell.labels ?? [])],
        });
      }
    }
  }
  return { key: new Uint8Array(row.key ?? []), cells };
}
