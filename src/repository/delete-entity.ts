import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { OptimisticLockError } from '../errors/optimistic-lock-error.js';
import type { Mutation } from '../model/mutation.js';
import { checkAndMutateRow } from '../transport/check-and-mutate-row.js';
import type { WriteTarget } from './write-target.js';
import { blindWrite, settleWrite, writeCallOptions } from './settle-write.js';
import { versionPredicate } from './version-predicate.js';
import type { DeleteEntityOptions } from './write-options.js';

/**
 * Deletes one row (the body of `Repository.delete`): a plain DeleteFromRow, or with `expectedVersion` one
 * CheckAndMutateRow on the stored version (OptimisticLockError when it differs).
 *
 * @example
 * ```ts
 * await deleteEntity(target, devices.keyOf({ deviceType: 'phone', deviceId: 'x' }), { expectedVersion: 3 });
 * ```
 */
export async function deleteEntity<E extends object>(
  target: WriteTarget<E>,
  rowKey: Uint8Array,
  options: DeleteEntityOptions,
): Promise<void> {
  const { meta } = target;
  const expected = options.expectedVersion;
  const mutations: Mutation[] = [{ kind: 'deleteFromRow' }];
  if (expected === undefined) {
    await blindWrite(target, rowKey, mutations);
    return;
  }
  const version = meta.version;
  if (!version)
    throw new InvalidArgumentError({
      api: `Repository<${meta.name}>.delete`,
      argument: 'expectedVersion',
      value: expected,
      expected: `undefined: ${meta.name} has no version field`,
    });
  const { predicate } = versionPredicate({
    family: version.family,
    qualifier: version.qualifier,
    expected: version.codec.encode(expected),
  });
  const matched = await settleWrite(
    target,
    rowKey,
    mutations,
    () =>
      checkAndMutateRow(
        target.connection,
        target.tableId,
        rowKey,
        { predicate, onMatch: mutations },
        writeCallOptions(target),
      ),
    true,
  );
  if (!matched) throw new OptimisticLockError({ entity: meta.name, key: rowKey, expectedVersion: expected });
}
