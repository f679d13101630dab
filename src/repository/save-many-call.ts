import { runBeforeSave } from '../mapping/run-entity-hooks.js';
import type { SaveManyOptions } from '../write/batch/batch-types.js';
import { saveMany } from '../write/batch/save-many.js';
import type { RepositoryParts } from './repository-parts.js';

/**
 * The body of `saveMany`: the input and options are checked (an array whole, an iterable entity by entity as it is
 * read), each entity's before-save hooks run before it is validated, and each batch passes the interceptors before
 * it is sent.
 *
 * @example
 * ```ts
 * await saveManyCall(parts, [phone, tablet], {});
 * ```
 */
export function saveManyCall<E extends object>(
  parts: RepositoryParts<E>,
  entities: readonly E[] | Iterable<E> | AsyncIterable<E>,
  options: SaveManyOptions,
): Promise<void> {
  parts.check.batch('saveMany', entities, options);
  const { writes } = parts;
  return writes.runBatch('saveMany', options, (target, call) =>
    saveMany(
      target,
      entities,
      call,
      writes.saveOptions,
      (e) => {
        parts.check.entity('saveMany', e, 'entities[]');
        return runBeforeSave(parts.meta, e, 'saveMany');
      },
      parts.intercepts
        ? (batch, keys) => parts.admit('saveMany', () => ({ keys, entities: batch }))
        : undefined,
    ),
  );
}
