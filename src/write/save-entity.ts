import { buildSaveMutations } from '../mapping/build-save-mutations.js';
import type { SaveOptions } from '../mapping/build-save-mutations.js';
import type { EntityChanges } from '../mapping/build-update-mutations.js';
import { partialLoadOf } from '../mapping/load-state.js';
import { validateEntity } from '../mapping/validate-entity.js';
import type { PartialLoad } from '../mapping/load-state.js';
import { partialSaveChanges } from '../mapping/partial-save-changes.js';
import { versionCellOf } from '../mapping/version-cell.js';
import type { Mutation } from '../model/mutation.js';
import { applyVersion } from './apply-version.js';
import { conditionalWrite } from './conditional-write.js';
import type { WriteTarget } from './write-target.js';
import { reportWarnings } from './report-warnings.js';
import { blindWrite } from './settle-write.js';
import { updateEntity } from './update-entity.js';
import type { SaveEntityOptions } from './write-options.js';

/**
 * Writes a whole entity as one atomic MutateRow (the body of `Repository.save`): conditional on the stored version
 * when the entity has one (advancing it), and only what was loaded for an entity a partial read returned.
 *
 * @example
 * ```ts
 * await saveEntity(target, device, {}, { now: Date.now });
 * ```
 */
export async function saveEntity<E extends object>(
  target: WriteTarget<E>,
  entity: E,
  options: SaveEntityOptions,
  saveOptions: SaveOptions,
): Promise<E> {
  const partial = typeof entity === 'object' && entity !== null ? partialLoadOf(entity) : undefined;
  if (partial) return savePartial(target, entity, partial, options);
  await validateEntity(target.meta, entity, 'save');
  const save = buildSaveMutations(target.meta, entity, saveOptions);
  reportWarnings(target.onWarning, save.warnings);
  const mutations: Mutation[] = options.replaceRow
    ? [{ kind: 'deleteFromRow' }, ...save.mutations]
    : [...save.mutations];
  if (save.version === undefined) {
    await blindWrite(target, save.key, mutations);
    return entity;
  }
  await conditionalWrite(target, save, mutations);
  applyVersion(target.meta, entity, save.version.next, save.version.written);
  return entity;
}

/** Saves what a partial read loaded: loaded properties whole, windowed maps/sets by put, nothing else. */
async function savePartial<E extends object>(
  target: WriteTarget<E>,
  entity: E,
  load: PartialLoad,
  options: SaveEntityOptions,
): Promise<E> {
  const { meta } = target;
  const { key, changes, expectedVersion } = partialSaveChanges(
    meta,
    entity,
    load,
    options.replaceRow === true,
  );
  const updateOptions = {
    ...options,
    ...(expectedVersion === undefined ? {} : { expectedVersion }),
  };
  const next = await updateEntity(
    target,
    key,
    changes as EntityChanges<E>,
    updateOptions,
    expectedVersion === undefined ? undefined : versionCellOf(entity, expectedVersion),
  );
  if (meta.version && next !== undefined) applyVersion(meta, entity, next, versionCellOf(key, next));
  return entity;
}
