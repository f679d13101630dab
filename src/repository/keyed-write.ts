import type { CallOperation } from '../mapping/intercepted-call.js';
import type { WriteTarget } from '../write/write-target.js';
import type { CallOptions } from './repository-options.js';
import type { RepositoryParts } from './repository-parts.js';

/**
 * The shape every write of one row by key shares (`update`, `add`, `put`, `remove`, `delete`, `increment`,
 * `setCounter`, `aggregate`): the key is checked and completed with the scope's values, `prepare` checks the call's own arguments
 * and returns its write, the call options are checked — all before anything is sent — and the write runs observed,
 * after the interceptors have admitted the row.
 *
 * @example
 * ```ts
 * await keyedWrite(parts, 'add', key, options, (k) => (t) => writeEntries(t, k, tags, { put: ['new'] }));
 * ```
 */
export function keyedWrite<E extends object, T>(
  parts: RepositoryParts<E>,
  operation: CallOperation,
  key: object,
  options: CallOptions,
  prepare: (key: object) => (target: WriteTarget<E>) => Promise<T>,
  keyIs: 'key' | 'entity' = 'key',
): Promise<T> {
  // `delete` also takes a whole entity, whose version (when set) must be one that can be stored.
  if (keyIs === 'entity') parts.check.entity(operation, key, 'key');
  else parts.check.key(operation, key);
  const scoped = parts.inScope(key);
  const write = prepare(scoped);
  parts.check.call(operation, options);
  return parts.writes.run(operation, options, async (t) => {
    await parts.admit(operation, () => ({ keys: [parts.keyOf(scoped)] }));
    return write(t);
  });
}
