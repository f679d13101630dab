import { deleteMany } from '../write/batch/save-many.js';
import type { CallOptions } from './repository-options.js';
import type { RepositoryParts } from './repository-parts.js';

/**
 * The body of `deleteMany`: the keys and options are checked, the keys encoded (after the scope fills them in) and
 * shown to the interceptors, then the rows are deleted in MutateRows batches.
 *
 * @example
 * ```ts
 * await deleteManyCall(parts, [{ deviceId: 'a' }, { deviceId: 'b' }], {});
 * ```
 */
export function deleteManyCall<E extends object>(
  parts: RepositoryParts<E>,
  keys: readonly object[],
  options: CallOptions,
): Promise<void> {
  parts.check.keys('deleteMany', keys);
  parts.check.call('deleteMany', options);
  return parts.writes.runBatch('deleteMany', options, async (target, call) => {
    const rows = keys.map((k) => parts.keyOf(k));
    await parts.admit('deleteMany', () => ({ keys: rows }));
    return deleteMany(target, rows, call);
  });
}
