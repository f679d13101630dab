import { rowReflectsMutations } from '../mapping/row-reflects-mutations.js';
import type { Mutation } from '../model/mutation.js';
import type { RowData } from '../model/row-data.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import type { BoundCallOptions } from '../transport/call-timeouts.js';
import { readRows } from '../transport/read-rows.js';
import type { CallPolicy } from '../transport/call-policy.js';
import { callOptions } from '../transport/call-policy.js';

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
 * How far past its call's deadline a confirming read-back may run: 1 s at most, and never more than the call's own
 * `timeoutMs`. A write whose attempt ran into the deadline gets this short chance to be confirmed; past it the
 * outcome stays unknown.
 */
export const READ_BACK_GRACE_MS = 1_000;

/**
 * The options of a confirming read-back: the write's signal, and its deadline, stretched to give the read-back
 * {@link READ_BACK_GRACE_MS} (capped by the call's `timeoutMs`) when less is left.
 *
 * @example
 * ```ts
 * const read = readBackCall(bindDeadline({ timeoutMs: 1_000 }, 60_000)); // deadlineAt at least now + 1 s
 * ```
 */
export function readBackCall(call: BoundCallOptions): BoundCallOptions {
  const base = {
    ...(call.signal === undefined ? {} : { signal: call.signal }),
    ...(call.record === undefined ? {} : { record: call.record }),
  };
  if (call.deadlineAt === undefined) return base;
  const grace = Math.min(READ_BACK_GRACE_MS, call.timeoutMs ?? READ_BACK_GRACE_MS);
  return {
    ...base,
    timeoutMs: call.timeoutMs,
    deadlineAt: Math.max(call.deadlineAt, Date.now() + grace),
  };
}

/**
 * Settles writes of unknown outcome by reading their rows back (one ReadRows, retried through an outage within the
 * policy's window and the call's deadline plus {@link READ_BACK_GRACE_MS}): true where the row shows the write (see
 * `rowReflectsMutations`), false where it does not or the read itself failed or ran out of time. Never writes
 * anything: a write that is not confirmed stays unknown, because re-sending it could overwrite a later writer's
 * change.
 *
 * @example
 * ```ts
 * const [written] = await confirmWritten(conn, table, [{ key, mutations }], policy, target.call);
 * ```
 */
export async function confirmWritten(
  connection: BigtableConnection,
  tableId: string,
  writes: readonly SentWrite[],
  policy: CallPolicy,
  call: BoundCallOptions = {},
): Promise<boolean[]> {
  if (writes.length === 0 || connection.isClosed) return writes.map(() => false);
  const rows = new Map<string, RowData>();
  try {
    const read = readRows(
      connection,
      tableId,
      { rows: { rowKeys: writes.map((w) => w.key), rowRanges: [] } },
      callOptions(policy, readBackCall(call)),
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
