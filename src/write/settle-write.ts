import { OutcomeUnknownError } from '../errors/outcome-unknown-error.js';
import type { Mutation } from '../model/mutation.js';
import { mutateRow } from '../transport/mutate-row.js';
import { callOptions } from '../transport/call-policy.js';
import { confirmWritten } from './confirm-written.js';
import type { WriteTarget } from './write-target.js';

/**
 * Transport options of a write of the target's entity: the mapper's policy plus the call's signal and deadline,
 * and the entity's name for the errors.
 *
 * @example
 * ```ts
 * await mutateRow(conn, target.tableId, key, mutations, writeCallOptions(target));
 * ```
 */
export function writeCallOptions(target: WriteTarget<object>): ReturnType<typeof callOptions> & {
  readonly entity: string;
} {
  return { ...callOptions(target.policy, target.call), entity: target.meta.name };
}

/**
 * Runs a write; if its outcome is unknown (sent, no answer), reads the row back (within the call's deadline, plus
 * at most `READ_BACK_GRACE_MS`) and counts the write as done when the row shows it (and exists, with
 * `rowMustExist`), resolving to `confirmed`. Otherwise (and always when `confirmable` is false: nothing the row
 * could show is this write's own) the OutcomeUnknownError stands: nothing is ever re-sent over a row that may have
 * changed since.
 *
 * @example
 * ```ts
 * const matched = await settleWrite(target, key, mutations, () => checkAndMutate(), true);
 * ```
 */
export async function settleWrite<T>(
  target: WriteTarget<object>,
  key: Uint8Array,
  mutations: readonly Mutation[],
  write: () => Promise<T>,
  confirmed: T,
  options: { readonly rowMustExist?: boolean; readonly confirmable?: boolean } = {},
): Promise<T> {
  const { confirmable = true, ...sent } = options;
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError) || !confirmable) throw error;
    const [written] = await confirmWritten(
      target.connection,
      target.tableId,
      [{ key, mutations, ...sent }],
      target.policy,
      target.call,
    );
    if (written) return confirmed;
    throw error;
  }
}

/**
 * A plain MutateRow of one row of the target's entity, settled by a read-back if its outcome is unknown.
 *
 * @example
 * ```ts
 * await blindWrite(target, key, [{ kind: 'deleteFromRow' }]);
 * ```
 */
export async function blindWrite(
  target: WriteTarget<object>,
  key: Uint8Array,
  mutations: readonly Mutation[],
): Promise<void> {
  await settleWrite(
    target,
    key,
    mutations,
    () => mutateRow(target.connection, target.tableId, key, mutations, writeCallOptions(target)),
    undefined,
  );
}
