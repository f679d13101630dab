import { NotFoundError } from '../errors/not-found-error.js';
import { applyEntityChanges, materializeChanges } from '../mapping/apply-entity-changes.js';
import { buildUpdateMutations } from '../mapping/build-update-mutations.js';
import type { EntityChanges } from '../mapping/build-update-mutations.js';
import type { VersionCheck } from '../mapping/save-mutations.js';
import { rememberVersionCell } from '../mapping/version-cell.js';
import { validateChanges } from '../mapping/validate-entity.js';
import { checkAndMutateRow } from '../transport/check-and-mutate-row.js';
import { conditionalWrite } from './conditional-write.js';
import { unchangedWrite } from './unchanged-write.js';
import type { UnchangedCondition } from './unchanged-condition.js';
import { evolvingWrite } from './evolving/evolving-write.js';
import { reportWarnings } from './report-warnings.js';
import type { WriteTarget } from './write-target.js';
import { settleWrite, writeCallOptions } from './settle-write.js';
import type { UpdateEntityOptions } from './write-options.js';

/**
 * Writes only the given properties of an existing row, atomically (the body of `Repository.update`): NotFoundError
 * when the row does not exist; with `expectedVersion`, conditional on the stored version; with an `unchanged`
 * condition (checked by the caller: never with a version or an evolving entity), conditional on it. Resolves to the
 * new version when `expectedVersion` was given.
 *
 * @example
 * ```ts
 * const next = await updateEntity(target, { deviceId: 'x' }, { name: 'kitchen' }, { expectedVersion: 3 });
 * ```
 */
export async function updateEntity<E extends object>(
  target: WriteTarget<E>,
  key: object,
  changes: EntityChanges<E>,
  options: UpdateEntityOptions,
  expectedVersionCell?: Uint8Array,
  unchanged?: UnchangedCondition,
): Promise<bigint | number | undefined> {
  const { meta } = target;
  await validateChanges(meta, key, changes);
  // An evolving entity may have to apply the same changes again, to an upcast entity: iterate them once here.
  const evolving = meta.evolution !== undefined;
  const input = evolving ? materializeChanges(changes) : changes;
  const update = buildUpdateMutations(meta, key, input, {
    now: target.now,
    ...(options.expectedVersion === undefined ? {} : { expectedVersion: options.expectedVersion }),
    expectedVersionCell,
  });
  reportWarnings(target.onWarning, update.warnings);
  if (evolving) {
    const expected = update.version?.expected;
    await evolvingWrite(target, {
      key: update.key,
      mutations: update.mutations,
      timestampMicros: update.timestampMicros,
      apply: (entity) => applyEntityChanges(meta, entity, input),
      onMissing: 'notFound',
      // expectedVersion 0 encodes to no cell (`expected` undefined) and is checked all the same.
      ...(options.expectedVersion === undefined || meta.version === undefined
        ? {}
        : {
            expectedVersion: {
              encoded: expected,
              value: options.expectedVersion,
              cell: update.version?.cell,
            },
          }),
    });
    return advanced(key, update.version);
  }
  if (unchanged !== undefined) {
    await unchangedWrite(target, update.key, update.mutations, unchanged);
    return undefined;
  }
  if (update.version) {
    await conditionalWrite(target, update, update.mutations);
    return advanced(key, update.version);
  }
  const exists = await settleWrite(
    target,
    update.key,
    update.mutations,
    () =>
      checkAndMutateRow(
        target.connection,
        target.tableId,
        update.key,
        { onMatch: update.mutations },
        writeCallOptions(target),
      ),
    true,
    // The write applies only to an existing row: an absent row read back means not applied (NotFoundError or
    // unknown), even for changes that only delete cells.
    { rowMustExist: true },
  );
  if (!exists) throw new NotFoundError({ entity: meta.name, key: update.key });
  return undefined;
}

/** The new version, recorded with the exact cell written for the key object (a partial save carries it over). */
function advanced(key: object, version: VersionCheck | undefined): bigint | number | undefined {
  if (version === undefined) return undefined;
  rememberVersionCell(key, version.next, version.written);
  return version.next;
}
