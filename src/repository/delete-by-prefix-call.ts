import { prefixRange } from '../mapping/intercepted-rows.js';
import { deleteByPrefix } from '../write/delete-by-prefix.js';
import type { DeleteByPrefixOptions } from '../write/write-options.js';
import type { RepositoryParts } from './repository-parts.js';

/**
 * The body of `deleteByPrefix`: the prefix (completed with the scope's values) and options are checked before
 * anything is sent, and the interceptors, when there are any, are shown the rows and prefix ranges the write is about
 * to drop, once it has worked them out.
 *
 * @example
 * ```ts
 * await deleteByPrefixCall(parts, { tenant: 'acme' }, {});
 * ```
 */
export function deleteByPrefixCall<E extends object>(
  parts: RepositoryParts<E>,
  partialKey: object,
  options: DeleteByPrefixOptions,
): Promise<void> {
  parts.check.key('deleteByPrefix', partialKey);
  parts.check.call('deleteByPrefix', options);
  parts.check.alsoDelete('deleteByPrefix', options);
  const admit = parts.intercepts
    ? ({ prefixes, rows }: { prefixes: readonly Uint8Array[]; rows: readonly Uint8Array[] }) =>
        parts.admit('deleteByPrefix', () => ({ keys: rows, ranges: prefixes.map((p) => prefixRange(p)) }))
    : undefined;
  const scoped = parts.inScope(partialKey);
  return parts.writes.run('deleteByPrefix', options, (t) => deleteByPrefix(t, scoped, options, admit));
}
