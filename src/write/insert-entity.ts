import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { buildSaveMutations } from '../mapping/build-save-mutations.js';
import { reportWarnings } from './report-warnings.js';
import type { SaveOptions } from '../mapping/build-save-mutations.js';
import { checkAndMutateRow } from '../transport/check-and-mutate-row.js';
import { validateEntity } from '../mapping/validate-entity.js';
import { applyVersion } from './apply-version.js';
import type { WriteTarget } from './write-target.js';
import { settleWrite, writeCallOptions } from './settle-write.js';

/**
 * Writes a new entity only if no cell exists under its key, as one CheckAndMutateRow (the body of
 * `Repository.insert`); AlreadyExistsError otherwise, with nothing written.
 *
 * @example
 * ```ts
 * await insertEntity(target, device, { now: Date.now });
 * ```
 */
export async function insertEntity<E extends object>(
  target: WriteTarget<E>,
  entity: E,
  saveOptions: SaveOptions,
): Promise<E> {
  await validateEntity(target.meta, entity, 'insert');
  const save = buildSaveMutations(target.meta, entity, saveOptions);
  reportWarnings(target.onWarning, save.warnings);
  const exists = await settleWrite(
    target,
    save.key,
    save.mutations,
    () =>
      checkAndMutateRow(
        target.connection,
        target.tableId,
        save.key,
        { onNoMatch: save.mutations },
        writeCallOptions(target),
      ),
    false,
  );
  if (exists) throw new AlreadyExistsError({ entity: target.meta.name, key: save.key });
  if (save.version) applyVersion(target.meta, entity, save.version.next, save.version.written);
  return entity;
}
