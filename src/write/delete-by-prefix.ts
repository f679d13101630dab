import { planPrefixDelete } from '../query/index.js';
import { deleteAllRows, dropRowsByPrefix } from '../transport/drop-row-range.js';
import { withNamedDescendants } from './descendant-drops.js';
import type { WriteTarget } from './write-target.js';
import { guardPrefixDelete } from './prefix-delete-guard.js';
import { blindWrite, writeCallOptions } from './settle-write.js';
import type { DeleteByPrefixOptions } from './write-options.js';

/**
 * The last look at a prefix delete before anything is sent (the mapper's interceptors): the key prefixes it drops
 * (one empty prefix: the whole table) and the single rows it deletes. A throw or rejection keeps it from being sent.
 *
 * @example
 * ```ts
 * const admit: PrefixDeleteAdmission = ({ prefixes, rows }) => console.log(prefixes.length, rows.length);
 * ```
 */
export type PrefixDeleteAdmission = (plan: {
  readonly prefixes: readonly Uint8Array[];
  readonly rows: readonly Uint8Array[];
}) => Promise<void> | void | undefined;

/**
 * Deletes every row under leading key parts (the body of `Repository.deleteByPrefix`), and for a full key also the
 * rows of the entities named in `alsoDelete` under it (a parent with its children): the plan is checked
 * against the key and the table's other entities before anything is sent, then sent as DropRowRange calls (and
 * DeleteFromRow for single rows, settled like `Repository.delete`: after a lost answer, a row that is gone confirms
 * the delete; a row still there leaves the OutcomeUnknownError, never a re-sent delete).
 *
 * @example
 * ```ts
 * await deleteByPrefix(target, { tenant: 'acme' }, {});
 * ```
 */
export async function deleteByPrefix<E extends object>(
  target: WriteTarget<E>,
  partialKey: object,
  options: DeleteByPrefixOptions,
  admit?: PrefixDeleteAdmission,
): Promise<void> {
  const { meta, connection, tableId } = target;
  const own = planPrefixDelete(meta, partialKey, options);
  const plan = guardPrefixDelete(
    meta,
    withNamedDescendants(meta, own, partialKey, options.alsoDelete),
    options.alsoDelete,
  );
  if (admit !== undefined) {
    const whole = plan.kind === 'table';
    await admit({ prefixes: whole ? [new Uint8Array(0)] : plan.prefixes, rows: whole ? [] : plan.rows });
  }
  // A drop is never re-sent after an unknown outcome: it would also delete rows written since.
  const write = writeCallOptions(target);
  if (plan.kind === 'table') {
    await deleteAllRows(connection, tableId, write);
    return;
  }
  for (const prefix of plan.prefixes) await dropRowsByPrefix(connection, tableId, prefix, write);
  for (const row of plan.rows) await blindWrite(target, row, [{ kind: 'deleteFromRow' }]);
}
