import type { Mutation } from '../model/mutation.js';
import type { BigtableConnection } from './bigtable-connection.js';
import type { UnaryCallOptions } from './call-unary.js';
import { callUnary } from './call-unary.js';
import { toProtoMutation } from './to-proto-mutation.js';

/**
 * Applies all mutations to one row atomically with one MutateRow RPC. Retried only when every timestamp is
 * explicit (a server-timestamp write, -1, would duplicate cells on retry).
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
  options: Partial<UnaryCallOptions> = {},
): Promise<void> {
  const request = {
    tableName: connection.tablePath(tableId),
    ...(connection.appProfileId ? { appProfileId: connection.appProfileId } : {}),
    rowKey,
    mutations: mutations.map(toProtoMutation),
  } as Parameters<typeof connection.data.mutateRow>[0];
  const idempotent = mutations.every((m) => !('timestampMicros' in m) || m.timestampMicros >= 0n);
  await callUnary('MutateRow', (o) => connection.data.mutateRow(request, o), { idempotent, ...options });
}
