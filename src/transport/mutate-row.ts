import type { Mutation } from '../model/mutation.js';
import type { BigtableConnection } from './bigtable-connection.js';
import type { UnaryCallOptions } from './call-unary.js';
import { callUnary } from './call-unary.js';
import { toProtoMutation } from './to-proto-mutation.js';

/**
 * Applies all mutations to one row atomically with one MutateRow RPC. Retried only when {@link isIdempotent}.
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
  await callUnary('MutateRow', (o) => connection.data.mutateRow(request, o), {
    idempotent: isIdempotent(mutations),
    ...options,
  });
}

/**
 * Whether applying the mutations twice leaves the row as applying them once: false for server timestamps (-1) and
 * for AddToCell/MergeToCell, which would aggregate the input twice.
 *
 * @example
 * ```ts
 * isIdempotent([{ kind: 'deleteFromRow' }]); // true
 * ```
 */
export function isIdempotent(mutations: readonly Mutation[]): boolean {
  return mutations.every((m) => {
    if (m.kind === 'addToCell' || m.kind === 'mergeToCell') return false;
    return m.kind !== 'setCell' || m.timestampMicros >= 0n;
  });
}
