import { appProfileOf } from './app-profile.js';
import type { RowData } from '../model/row-data.js';
import type { BigtableConnection } from './bigtable-connection.js';
import { callUnary } from './call-unary.js';
import { onDataStub } from './on-data-stub.js';
import type { WriteCallOptions } from './mutate-row.js';
import type { ProtoRow } from './from-proto-row.js';
import { fromProtoRow } from './from-proto-row.js';

/** One ReadModifyWriteRow rule: add to a 64-bit big-endian counter, or append bytes. */
export type ReadModifyWriteRule =
  | {
      readonly kind: 'increment';
      readonly family: string;
      readonly qualifier: Uint8Array;
      readonly by: bigint;
    }
  | {
      readonly kind: 'append';
      readonly family: string;
      readonly qualifier: Uint8Array;
      readonly value: Uint8Array;
    };

/**
 * Applies the rules atomically on the server and returns the new values of the modified cells. Re-sent only when
 * an attempt provably never reached the server: an increment that timed out may or may not have been applied, so
 * it ends with OutcomeUnknownError and only the caller can decide.
 *
 * @example
 * ```ts
 * const row = await readModifyWriteRow(conn, 'videos', key, [{ kind: 'increment', family: 'stats', qualifier: Buffer.from('views'), by: 1n }]);
 * ```
 */
export async function readModifyWriteRow(
  connection: BigtableConnection,
  tableId: string,
  rowKey: Uint8Array,
  rules: readonly ReadModifyWriteRule[],
  options: WriteCallOptions = {},
): Promise<RowData> {
  const request = {
    tableName: connection.tablePath(tableId),
    appProfileId: appProfileOf(connection, 'readModifyWriteRow', options),
    rowKey,
    rules: rules.map((rule) =>
      rule.kind === 'increment'
        ? { familyName: rule.family, columnQualifier: rule.qualifier, incrementAmount: rule.by.toString() }
        : { familyName: rule.family, columnQualifier: rule.qualifier, appendValue: rule.value },
    ),
  } as const;
  // A rule's size: its column and an 8-byte amount (an append's value counts as the amount does: an estimate).
  options.record?.wrote(rules.length, rowKey.length + rules.length * 8);
  const response = await callUnary(
    connection,
    'ReadModifyWriteRow',
    onDataStub(connection, 'readModifyWriteRow', request),
    { ...options, safety: 'write', rowKey },
  );
  return fromProtoRow((response.row ?? {}) as ProtoRow);
}
