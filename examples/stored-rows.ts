// The raw rows of a table, byte for byte, for the demo's cbt-style printout. Repositories decode rows into entities;
// showing what is stored needs the transport's ReadRows, which the package does not export (its `RowData` is the
// SDK's internal meeting point of transport and mapping), so this demo helper imports it from the sources.
import type { Mapper } from 'bigtable-mapper';
import { readRows } from '../src/transport/read-rows.js';
import type { PrintableRow } from './format-cbt-rows.js';

/**
 * Every row of a table, every cell version included, in key order.
 *
 * @example
 * ```ts
 * const rows = await storedRows(mapper, 'telemetry_1a2b');
 * ```
 */
export async function storedRows(mapper: Mapper, tableId: string): Promise<PrintableRow[]> {
  const rows: PrintableRow[] = [];
  for await (const row of readRows(mapper.connection, tableId, { rows: { rowKeys: [], rowRanges: [{}] } }))
    rows.push(row);
  return rows;
}
