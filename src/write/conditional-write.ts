import { OptimisticLockError } from '../errors/optimistic-lock-error.js';
import type { VersionCheck } from '../mapping/save-mutations.js';
import type { Mutation } from '../model/mutation.js';
import { checkAndMutateRow } from '../transport/check-and-mutate-row.js';
import type { WriteTarget } from './write-target.js';
import { settleWrite, writeCallOptions } from './settle-write.js';
import { versionPredicate } from './version-predicate.js';

/** The row and version check of a conditional write (a versioned save or update's `SaveMutations` fits). */
export interface VersionedWrite {
  readonly key: Uint8Array;
  readonly version?: Pick<VersionCheck, 'family' | 'qualifier' | 'expected' | 'cell'> | undefined;
}

/**
 * Writes the mutations of a versioned save, update or delete as one CheckAndMutateRow on the stored version: they
 * apply only if the row still holds the version the entity was read with (OptimisticLockError otherwise).
 *
 * @example
 * ```ts
 * await conditionalWrite(target, save, save.mutations); // `save.version` must be set
 * ```
 */
export async function conditionalWrite<E extends object>(
  target: WriteTarget<E>,
  save: VersionedWrite,
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
    // Only a write that sets cells leaves a trace of its own (the version cell with this write's id): a conditional
    // delete's absent row is also what a failed condition on an already deleted row leaves, so it confirms nothing.
    { confirmable: mutations.some((m) => m.kind === 'setCell') },
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
