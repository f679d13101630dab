import { rowReflectsMutations } from '../mapping/row-reflects-mutations.js';
import type { Mutation } from '../model/mutation.js';
import type { RowData } from '../model/row-data.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { readRows } from '../transport/read-rows.js';
import type { CallPolicy } from './call-policy.js';
import { callOptions } from './call-policy.js';

/** A write whose outcome is unknown: the row and the mutations that were sent. */
export interface SentWrite {
  readonly key: Uint8Array;
  readonly mutations: readonly Mutation[];
  /**
   * The write was conditional on the row existing (update): an absent row does not confirm it, even when the
   * mutations are all deletes (which an absent row trivially "shows").
   */
  readonly rowMustExist?: boolean;
}

/**
 * Settles writes of unknown outcome by reading their rows back (one ReadRows, retried through an outage within the
 * policy's window): true where the row shows the write (see `rowReflectsMutations`), false where it does not or
 * the read itself failed. Never writes anything: a write that is not confirmed stays unknown, because re-sending
 * it could overwrite a later writer's change.
 *
 * @example
 * ```ts
 * const [written] = await confirmWritten(conn, table, [{ key, mutations }], policy, { signal });
 * ```
 */
export async function confirmWritten(
  connection: BigtableConnection,
  tableId: string,
  writes: readonly SentWrite[],
  policy: CallPolicy,
  call: { readonly signal?: AbortSignal | undefined } = {},
): Promise<boolean[]> {
  if (writes.length === 0 || connection.isClosed) return writes.map(() => false);
  const rows = new Map<string, RowData>();
  try {
    const read = readRows(
      connection,
      tableId,
      { rows: { rowKeys: writes.map((w) => w.key), rowRanges: [] } },
      callOptions(policy, call.signal === undefined ? {} : { signal: call.signal }),
    );
    for await (const row of read) rows.set(Buffer.from(row.key).toString('latin1'), row);
  } catch {
    return writes.map(() => false);
  }
  return writes.map((w) => {
    const row = rows.get(Buffer.from(w.key).toString('latin1'));
    return (w.rowMustExist !== true || row !== undefined) && rowReflectsMutations(row, w.mutations);
  });
}
