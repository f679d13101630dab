import { appProfileOf } from './app-profile.js';
import { LimitExceededError } from '../errors/limit-exceeded-error.js';
import type { Mutation } from '../model/mutation.js';
import { MAX_REQUEST_BYTES, exceedsRequestLimit, mutationBytes } from '../model/mutation-size.js';
import type { BigtableConnection } from './bigtable-connection.js';
import type { UnaryCallOptions } from './call-unary.js';
import { callUnary } from './call-unary.js';
import { onDataStub } from './on-data-stub.js';
import { encodeMutateRowFields } from './encode-mutate-rows-entry.js';
import type { EncodedMutateRowRequest } from './serialize-mutate-row-request.js';
import { serializeMutateRowRequest } from './serialize-mutate-row-request.js';

/**
 * Options of a write RPC: everything of a unary call but its safety, which is always `write`.
 *
 * @example
 * ```ts
 * const options: WriteCallOptions = { entity: 'Device', signal: AbortSignal.timeout(5_000) };
 * ```
 */
export type WriteCallOptions = Omit<UnaryCallOptions, 'safety' | 'rowKey'>;

/**
 * Refuses a row mutation larger than a request may be, before any byte is sent; returns its estimated size
 * (`mutationBytes`), which batching needs too.
 *
 * @example
 * ```ts
 * const bytes = checkRequestSize('Device', key, mutations);
 * ```
 */
export function checkRequestSize(
  entity: string | undefined,
  rowKey: Uint8Array,
  mutations: readonly Mutation[],
): number {
  const size = mutationBytes(rowKey, mutations);
  if (exceedsRequestLimit(size)) {
    throw new LimitExceededError({
      entity: entity ?? 'row',
      what: 'mutation request (bytes)',
      size,
      limit: MAX_REQUEST_BYTES,
    });
  }
  return size;
}

/**
 * Applies all mutations to one row atomically with one MutateRow RPC. Re-sent only when an attempt provably
 * applied nothing; a sent attempt without an answer ends with OutcomeUnknownError (see `callUnary`).
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
  options: WriteCallOptions = {},
): Promise<void> {
  const size = checkRequestSize(options.entity, rowKey, mutations);
  options.record?.wrote(mutations.length, size);
  // The row key and mutations are encoded once, for every attempt (the generated serializer's bytes: see
  // encodeMutateRowFields).
  const request: EncodedMutateRowRequest = {
    tableName: connection.tablePath(tableId),
    appProfileId: appProfileOf(connection, 'mutateRow', options),
    rowFields: encodeMutateRowFields(rowKey, mutations),
  };
  await callUnary(
    connection,
    'MutateRow',
    onDataStub(connection, 'mutateRow', request, serializeMutateRowRequest),
    {
      ...options,
      safety: 'write',
      rowKey,
    },
  );
}
