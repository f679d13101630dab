import { OptimisticLockError } from '../errors/optimistic-lock-error.js';
import type { SaveMutations } from '../mapping/save-mutations.js';
import type { Mutation } from '../model/mutation.js';
import { checkAndMutateRow } from '../transport/check-and-mutate-row.js';
import type { WriteTarget } from './write-target.js';
import { settleWrite, writeCallOptions } from './settle-write.js';
import { versionPredicate } from './version-predicate.js';

/**
 * Writes the mutations of a versioned save or update as one CheckAndMutateRow on the stored version: they apply
 * only if the row still holds the version the entity was read with (OptimisticLockError otherwise).
 *
 * @example
 * ```ts
 * await conditionalWrite(target, save, save.mutations); // `save.version` must be set
 * ```
 */
export async function conditionalWrite<E extends object>(
  target: WriteTarget<E>,
  save: SaveMutations,
  mutations: readonly Mutation[],
): Promise<void> {
  const check = save.version!;
  const { predicate, applyOn } = versionPredicate(check);
  const wanted = applyOn === 'match';
  const matched = await settleWrite(
    target,
    save.key,
    mutations,
    () =>
      checkAndMutateRow(
        target.connection,
        target.tableId,
        save.key,
        { predicate, ...(wanted ? { onMatch: mutations } : { onNoMatch: mutations }) },
        writeCallOptions(target),
      ),
    wanted,
  );
  if (matched !== wanted) {
    throw new OptimisticLockError({
      entity: target.meta.name,
      key: save.key,
      expectedVersion:
        check.expected === undefined
          ? undefined
          : (target.meta.version!.codec.decode(check.expected) as bigint | number),
    });
  }
}
