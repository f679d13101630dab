import { insertEntity } from '../write/insert-entity.js';
import { saveEntity } from '../write/save-entity.js';
import type { SaveEntityOptions } from '../write/write-options.js';
import type { RepositoryParts } from './repository-parts.js';

/**
 * The body of `save` and `insert`: the entity and options are checked, the before-save hooks and interceptors run,
 * then the whole entity is written (`saveEntity`: one atomic MutateRow, conditional with a version; `insertEntity`:
 * one CheckAndMutateRow that writes only where no cell exists).
 *
 * @example
 * ```ts
 * await entityWrite(parts, 'insert', device, {});
 * ```
 */
export function entityWrite<E extends object>(
  parts: RepositoryParts<E>,
  operation: 'save' | 'insert',
  entity: E,
  options: SaveEntityOptions,
): Promise<E> {
  parts.check.entity(operation, entity);
  parts.check.call(operation, options);
  const { writes } = parts;
  return writes.run(operation, options, async (t) => {
    await parts.beforeSave(operation, entity);
    return operation === 'save'
      ? saveEntity(t, entity, options, writes.saveOptions)
      : insertEntity(t, entity, writes.saveOptions);
  });
}
