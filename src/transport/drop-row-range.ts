import type { BigtableConnection } from './bigtable-connection.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { callUnary } from './call-unary.js';
import type { WriteCallOptions } from './mutate-row.js';

/**
 * Deletes every row whose key starts with `prefix` (admin DropRowRange), the multi-tenant "drop a customer"
 * operation. An empty prefix would delete the whole table, so it is refused here; use `deleteAllRows` for that.
 * Re-sent only when an attempt provably never reached the server: a drop re-sent after a lost answer would also
 * delete rows written since.
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
  options: WriteCallOptions = {},
): Promise<void> {
  if (prefix.length === 0)
    throw new InvalidArgumentError({
      api: 'dropRowsByPrefix',
      argument: 'prefix',
      value: prefix,
      expected: 'a non-empty prefix (an empty one would drop the whole table)',
    });
  await callUnary(
    connection,
    'DropRowRange',
    (o) => connection.admin.dropRowRange({ name: connection.tablePath(tableId), rowKeyPrefix: prefix }, o),
    { ...options, safety: 'write', rowKey: prefix, client: 'admin' },
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
export async function deleteAllRows(
  connection: BigtableConnection,
  tableId: string,
  options: WriteCallOptions = {},
): Promise<void> {
  await callUnary(
    connection,
    'DropRowRange',
    (o) =>
      connection.admin.dropRowRange({ name: connection.tablePath(tableId), deleteAllDataFromTable: true }, o),
    { ...options, safety: 'write', client: 'admin' },
  );
}
