import type { RowData } from '../../model/row-data.js';
import { readRows } from '../../transport/read-rows.js';
import { inferTableEntities } from '../../codegen/index.js';
import { bytesDisplay } from './bytes-display.js';
import { tableIdOf } from './api-overview.js';
import { boundedInt, hexBytes, required } from './query-params.js';
import { MAX_PAGE_SIZE } from './api-rows.js';
import type { StudioContext } from './studio-context.js';
import { StudioError } from './studio-error.js';

/** Every cell of a row, every version, as display objects. */
export function rawRowDisplay(row: RowData): object {
  return {
    key: bytesDisplay(row.key),
    cells: row.cells.map((c) => ({
      family: c.family,
      qualifier: bytesDisplay(c.qualifier),
      timestampMicros: c.timestampMicros.toString(),
      value: bytesDisplay(c.value),
      labels: c.labels,
    })),
  };
}

/** The table of `?entity=` or `?table=`. */
function tableOf(context: StudioContext, params: URLSearchParams): string {
  const entity = params.get('entity');
  if (entity) return tableIdOf(context, context.entity(entity).table);
  return required(params, 'table');
}

/** `GET /api/row`: one row, every cell and version, raw (404 when the row has no cell). */
export async function apiRow(context: StudioContext, params: URLSearchParams): Promise<object> {
  const table = tableOf(context, params);
  const key = hexBytes('key', required(params, 'key'));
  for await (const row of readRows(context.mapper.connection, table, {
    rows: { rowKeys: [key], rowRanges: [] },
  }))
    return rawRowDisplay(row);
  throw new StudioError(404, 'STUDIO_ROW_NOT_FOUND', 'the row has no cell', {
    table,
    key: bytesDisplay(key),
  });
}

/** Rows sampled for the live codegen guess beside a raw table. */
const GUESS_ROWS = 200;

/**
 * `GET /api/raw-rows`: a page of a table's rows, raw, resuming after the cursor (the hex of the last key shown), and
 * with the first page the live codegen's guess of entity classes for the table (`codegen --table`).
 */
export async function apiRawRows(context: StudioContext, params: URLSearchParams): Promise<object> {
  const table = required(params, 'table');
  const pageSize = boundedInt(params, 'pageSize', 50, MAX_PAGE_SIZE);
  const cursor = params.get('cursor');
  const after = cursor ? hexBytes('cursor', cursor) : undefined;
  const rows: RowData[] = [];
  const request = {
    rows: { rowKeys: [], rowRanges: [after ? { startKeyOpen: after } : {}] },
    rowsLimit: BigInt(pageSize + 1),
  };
  for await (const row of readRows(context.mapper.connection, table, request)) rows.push(row);
  const more = rows.length > pageSize;
  const shown = rows.slice(0, pageSize);
  let guess: object | null = null;
  if (!cursor) {
    try {
      const inferred = await inferTableEntities(context.mapper, table, { maxRows: GUESS_ROWS });
      guess = {
        source: inferred.entities.map((e) => e.source).join('\n'),
        notes: inferred.entities.flatMap((e) =>
          e.inferences.map(
            (i) => `${e.entity}.${i.subject}: ${i.conclusion} (${i.evidence}; ${i.confidence} confidence)`,
          ),
        ),
      };
    } catch (error) {
      guess = { source: '', notes: [`no guess: ${error instanceof Error ? error.message : String(error)}`] };
    }
  }
  return {
    rows: shown.map(rawRowDisplay),
    nextCursor: more ? Buffer.from(shown[shown.length - 1]!.key).toString('hex') : null,
    guess,
  };
}
