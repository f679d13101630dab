import type { FamilySpec } from '../../model/family-spec.js';
import type { RowRange } from '../../model/read-rows-request.js';
import type { RowData } from '../../model/row-data.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import { readRows } from '../../transport/read-rows.js';
import { sampleRowKeys } from '../../transport/sample-row-keys.js';
import { getTableSchema } from '../../transport/table-admin.js';

/**
 * Progress of sampling: rows read so far and the most that will be read (`totalPlanned`). The last report has
 * `rowsSampled === totalPlanned`.
 *
 * @example
 * ```ts
 * const report = (p: SampleProgress) => process.stderr.write(`\r${p.rowsSampled}/${p.totalPlanned} rows`);
 * ```
 */
export interface SampleProgress {
  readonly rowsSampled: number;
  readonly totalPlanned: number;
}

/**
 * Bounds of {@link sampleTable}: how many rows, how many cells per row and versions per column it reads.
 *
 * @example
 * ```ts
 * const options: SampleTableOptions = { maxRows: 200, onProgress: (p) => console.log(p.rowsSampled) };
 * ```
 */
export interface SampleTableOptions {
  /** Most rows read. Default 500. */
  readonly maxRows?: number;
  /** Most cells read per row (a `cellsPerRowLimit` filter). Default 1000. */
  readonly maxCellsPerRow?: number;
  /** Most versions read per column (a `cellsPerColumnLimit` filter). Default 3. */
  readonly maxVersions?: number;
  readonly onProgress?: (progress: SampleProgress) => void;
}

/**
 * What {@link sampleTable} read: the families (GetTable), the row-key schema GetTable returned (never on the
 * emulator), the number of split points SampleRowKeys gave, and the rows.
 *
 * @example
 * ```ts
 * const sample: TableSample = { tableId: 't', families: {}, rowKeySchema: undefined, splits: 0, rows: [] };
 * ```
 */
export interface TableSample {
  readonly tableId: string;
  readonly families: Readonly<Record<string, FamilySpec>>;
  readonly rowKeySchema: unknown;
  readonly splits: number;
  readonly rows: readonly RowData[];
}

/**
 * The reads of a sample: one range per gap between split keys (from the start of the table to the end), each
 * with an equal share of `maxRows` (rounded up; the reader stops at `maxRows` in all).
 *
 * @example
 * ```ts
 * planSampleRanges([Buffer.from('m')], 10); // [{ range: { endKeyOpen: 'm' }, rows: 5 }, { range: { startKeyClosed: 'm' }, rows: 5 }]
 * ```
 */
export function planSampleRanges(
  splits: readonly Uint8Array[],
  maxRows: number,
): Array<{ range: RowRange; rows: number }> {
  const ranges: RowRange[] = [];
  let start: Uint8Array | undefined;
  for (const split of splits) {
    ranges.push(start ? { startKeyClosed: start, endKeyOpen: split } : { endKeyOpen: split });
    start = split;
  }
  ranges.push(start ? { startKeyClosed: start } : {});
  const share = Math.ceil(maxRows / ranges.length);
  return ranges.map((range) => ({ range, rows: share }));
}

function positive(api: string, argument: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1 || value > 2 ** 31 - 1)
    throw new InvalidArgumentError({ api, argument, value, expected: 'a positive integer below 2^31' });
  return value;
}

/**
 * Reads a bounded sample of a table: GetTable (families, GC rules, aggregate types, row-key schema), then at most
 * `maxRows` rows. Where SampleRowKeys splits the table, the rows are spread over the key space (an equal share
 * from the start of each split range) rather than taken from its start only. Rows come in key order.
 *
 * @example
 * ```ts
 * const sample = await sampleTable(conn, 'devices', { maxRows: 100 });
 * ```
 */
export async function sampleTable(
  connection: BigtableConnection,
  tableId: string,
  options: SampleTableOptions = {},
): Promise<TableSample> {
  const api = 'sampleTable';
  const maxRows = positive(api, 'options.maxRows', options.maxRows, 500);
  const maxCells = positive(api, 'options.maxCellsPerRow', options.maxCellsPerRow, 1000);
  const maxVersions = positive(api, 'options.maxVersions', options.maxVersions, 3);
  const table = await getTableSchema(connection, tableId);
  if (!table)
    throw new InvalidArgumentError({
      api,
      argument: 'tableId',
      value: tableId,
      expected: 'an existing table',
    });
  const splits = (await sampleRowKeys(connection, tableId)).map((s) => s.key).filter((k) => k.length > 0);
  const rows: RowData[] = [];
  const report = (totalPlanned: number): void =>
    options.onProgress?.({ rowsSampled: rows.length, totalPlanned });
  report(maxRows);
  for (const { range, rows: share } of planSampleRanges(splits, maxRows)) {
    const limit = Math.min(share, maxRows - rows.length);
    if (limit <= 0) break;
    const request = {
      rows: { rowKeys: [], rowRanges: [range] },
      filter: { chain: [{ cellsPerColumnLimit: maxVersions }, { cellsPerRowLimit: maxCells }] },
      rowsLimit: BigInt(limit),
    };
    for await (const row of readRows(connection, tableId, request)) {
      rows.push(row);
      report(maxRows);
    }
  }
  report(rows.length);
  return { tableId, families: table.families, rowKeySchema: table.rowKeySchema, splits: splits.length, rows };
}
