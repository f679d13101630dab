import { planPrefixDelete } from '../query/index.js';
import { deleteAllRows, dropRowsByPrefix } from '../transport/drop-row-range.js';
import { withNamedDescendants } from './descendant-drops.js';
import type { WriteTarget } from './write-target.js';
import { guardPrefixDelete } from './prefix-delete-guard.js';
import { blindWrite, writeCallOptions } from './settle-write.js';
import type { DeleteByPrefixOptions } from './write-options.js';

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
): Promise<void> {
  const { meta, connection, tableId } = target;
  const own = planPrefixDelete(meta, partialKey, options);
  const plan = guardPrefixDelete(
    meta,
    withNamedDescendants(meta, own, partialKey, options.alsoDelete),
    options.alsoDelete,
  );
  // A drop is never re-sent after an unknown outcome: it would also delete rows written since.
  const write = writeCallOptions(target);
  if (plan.kind === 'table') {
    await deleteAllRows(connection, tableId, write);
    return;
  }
  for (const prefix of plan.prefixes) await dropRowsByPrefix(connection, tableId, prefix, write);
  for (const row of plan.rows) await blindWrite(target, row, [{ kind: 'deleteFromRow' }]);
}
