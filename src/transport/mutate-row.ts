import type { Mutation } from '../model/mutation.js';
import type { BigtableConnection } from './bigtable-connection.js';
import { toTransportError } from './grpc-error.js';
import { toProtoMutation } from './to-proto-mutation.js';

/**
 * Applies all mutations to one row atomically with one MutateRow RPC.
 *
 * @example
 * ```ts
 * await mutateRow(conn, 'devices', Buffer.from('phone#1'), [{ kind: 'deleteFromRow' }]);
 * ```
 */
export async function mutateRow(
  connection: BigtableConnection,
  tableId: string,
  rowKey: Uint8Array,
  mutations: readonly Mutation[],
): Promise<void> {
  try {
    await connection.data.mutateRow({
      tableName: connection.tablePath(tableId),
      ...(connection.appProfileId ? { appProfileId: connection.appProfileId } : {}),
      rowKey,
      mutations: mutations.map(toProtoMutation),
    } as Parameters<typeof connection.data.mutateRow>[0]);
  } catch (error) {
    throw toTransportError('MutateRow', error);
  }
}
