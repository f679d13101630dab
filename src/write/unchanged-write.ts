import { OptimisticLockError } from '../errors/optimistic-lock-error.js';
import type { Mutation } from '../model/mutation.js';
import { checkAndMutateRow } from '../transport/check-and-mutate-row.js';
import type { UnchangedCondition } from './unchanged-condition.js';
import type { WriteTarget } from './write-target.js';
import { settleWrite, writeCallOptions } from './settle-write.js';

/**
 * Applies `mutations` in one CheckAndMutateRow only while `condition` holds (see `unchangedCondition`):
 * OptimisticLockError, nothing written, when it does not. A lost answer stays OutcomeUnknownError: a read-back could
 * not tell this write from a concurrent one of the same values (and a delete leaves nothing to see), so it is not
 * tried, and nothing is ever re-sent.
 *
 * @example
 * ```ts
 * await unchangedWrite(target, key, update.mutations, unchangedCondition(meta, 'update', { ifUnchanged: { title: 'old' } })!);
 * ```
 */
export async function unchangedWrite<E extends object>(
  target: WriteTarget<E>,
  key: Uint8Array,
  mutations: readonly Mutation[],
  condition: UnchangedCondition,
): Promise<void> {
  const matched = await settleWrite(
    target,
    key,
    mutations,
    () =>
      checkAndMutateRow(
        target.connection,
        target.tableId,
        key,
        { predicate: condition.predicate, onMatch: mutations },
        writeCallOptions(target),
      ),
    true,
    { confirmable: false },
  );
  if (!matched)
    throw new OptimisticLockError({
      entity: target.meta.name,
      key,
      expectedVersion: undefined,
      unchangedProperties: condition.properties,
    });
}
