import type { BigtableConnection } from './bigtable-connection.js';
import { callUnary } from './call-unary.js';

/**
 * Deletes every row whose key starts with `prefix` (admin DropRowRange), the multi-tenant "drop a customer"
 * operation. An empty prefix would delete the whole table, so it is refused here; use `deleteAllRows` for that.
 *
 * @example
 * ```ts
 * await dropRowsByPrefix(conn, 'purchases', Buffer.from('acme#'));
 * ```
 */
export async function dropRowsByPrefix(
  connection: BigtableConnection,
  tableId: string,
  prefix: Uint8Array,
): Promise<void> {
  if (prefix.length === 0)
    throw new RangeError('dropRowsByPrefix: an empty prefix would drop the whole table');
  await callUnary(
    'DropRowRange',
    (o) => connection.admin.dropRowRange({ name: connection.tablePath(tableId), rowKeyPrefix: prefix }, o),
    { idempotent: true },
  );
}

/**
 * Deletes every row of the table (admin DropRowRange with delete_all_data_from_table).
 *
 * @example
 * ```ts
 * await deleteAllRows(conn, 'scratch');
 * ```
 */
export async function deleteAllRows(connection: BigtableConnection, tableId: string): Promise<void> {
  await callUnary(
    'DropRowRange',
    (o) =>
      connection.admin.dropRowRange({ name: connection.tablePath(tableId), deleteAllDataFromTable: true }, o),
    { idempotent: true },
  );
}
