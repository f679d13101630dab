import type { RowData } from '../../../src/model/row-data.js';
import type { TestTable } from '../../../src/testing/test-table.js';
import { ChunkMerger } from '../../../src/transport/chunk-merger.js';
import type { ReadRowsResponseLike } from '../../../src/transport/chunk-merger.js';

/** Reads one row by key with the generated v2 client, merged by the SDK's own chunk merger (byte-exact). */
export async function readRow(table: TestTable, key: Uint8Array): Promise<RowData | undefined> {
  const merger = new ChunkMerger();
  const rows: RowData[] = [];
  const stream = table.connection.data.readRows({ tableName: table.tableName, rows: { rowKeys: [key] } });
  for await (const response of stream as AsyncIterable<ReadRowsResponseLike>)
    rows.push(...merger.pushResponse(response));
  merger.finish();
  return rows[0];
}
