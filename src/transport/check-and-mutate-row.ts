import { appProfileOf } from './app-profile.js';
import type { Mutation } from '../model/mutation.js';
import { mutationBytes } from '../model/mutation-size.js';
import type { RowFilter } from '../model/read-rows-request.js';
import type { BigtableConnection } from './bigtable-connection.js';
import { callUnary } from './call-unary.js';
import { onDataStub } from './on-data-stub.js';
import type { WriteCallOptions } from './mutate-row.js';
import { checkRequestSize } from './mutate-row.js';
import { toProtoMutation } from './to-proto-mutation.js';
import { toProtoRowFilter } from './to-proto-read-rows-request.js';

/** What to check and what to apply in one CheckAndMutateRow. */
export interface CheckAndMutateInput {
  /** Evaluated on the row; "matched" means it output at least one cell. Absent = "the row has any cell". */
  readonly predicate?: RowFilter;
  /** Applied when the predicate matched. */
  readonly onMatch?: readonly Mutation[];
  /** Applied when it did not. */
  readonly onNoMatch?: readonly Mutation[];
}

/**
 * Atomically checks a row with a filter and applies one of two mutation lists; resolves to whether the predicate
 * matched. Re-sent only when an attempt provably applied nothing: after a lost response the first attempt may
 * have applied, and a second attempt would then see the changed row and take the other branch
 * (OutcomeUnknownError instead).
 *
 * @example
 * ```ts
 * const existed = await checkAndMutateRow(conn, 'devices', key, { onNoMatch: mutations }); // insert-if-absent
 * ```
 */
export async function checkAndMutateRow(
  connection: BigtableConnection,
  tableId: string,
  rowKey: Uint8Array,
  input: CheckAndMutateInput,
  options: WriteCallOptions = {},
): Promise<boolean> {
  checkRequestSize(options.entity, rowKey, [...(input.onMatch ?? []), ...(input.onNoMatch ?? [])]);
  const request = {
    tableName: connection.tablePath(tableId),
    appProfileId: appProfileOf(connection, 'checkAndMutateRow', options),
    rowKey,
    ...(input.predicate ? { predicateFilter: toProtoRowFilter(input.predicate) } : {}),
    trueMutations: (input.onMatch ?? []).map(toProtoMutation),
    falseMutations: (input.onNoMatch ?? []).map(toProtoMutation),
  } as const;
  if (options.record) {
    const sent = [...(input.onMatch ?? []), ...(input.onNoMatch ?? [])];
    options.record.wrote(sent.length, mutationBytes(rowKey, sent));
  }
  const response = await callUnary(
    connection,
    'CheckAndMutateRow',
    onDataStub(connection, 'checkAndMutateRow', request),
    { ...options, safety: 'write', rowKey },
  );
  return response.predicateMatched === true;
}
