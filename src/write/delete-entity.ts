import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { located } from '../mapping/locate-error.js';
import { versionCellOf } from '../mapping/version-cell.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';
import { conditionalWrite } from './conditional-write.js';
import type { UnchangedCondition } from './unchanged-condition.js';
import { unchangedWrite } from './unchanged-write.js';
import type { VersionedWrite } from './conditional-write.js';
import { rowKeyOf } from '../mapping/key-input.js';
import type { WriteTarget } from './write-target.js';
import { blindWrite } from './settle-write.js';
import type { DeleteEntityOptions } from './write-options.js';

const DELETE_ROW: readonly Mutation[] = [{ kind: 'deleteFromRow' }];

/**
 * Deletes one row (the body of `Repository.delete`): a plain DeleteFromRow, or one CheckAndMutateRow on the stored
 * version (OptimisticLockError when it differs, nothing deleted) when `expectedVersion` is given or, without it,
 * when `key` is an entity carrying its version property. A stale entity therefore never erases a later save. With
 * an `unchanged` condition (`ifUnchanged`), one CheckAndMutateRow on it instead.
 *
 * @example
 * ```ts
 * await deleteEntity(target, { deviceType: 'phone', deviceId: 'x' }, { expectedVersion: 3 });
 * ```
 */
export async function deleteEntity<E extends object>(
  target: WriteTarget<E>,
  key: object,
  options: DeleteEntityOptions,
  unchanged?: UnchangedCondition,
): Promise<void> {
  const { meta } = target;
  const rowKey = rowKeyOf(meta, key);
  const check = deleteVersionCheck(meta, key, options);
  if (unchanged !== undefined && check !== undefined)
    throw new InvalidArgumentError({
      api: `Repository<${meta.name}>.delete`,
      argument: 'options.ifUnchanged',
      entity: meta.name,
      value: options.ifUnchanged,
      expected: 'left out when the version is checked (pass a key, not an entity with its version set)',
    });
  if (unchanged !== undefined) {
    await unchangedWrite(target, rowKey, DELETE_ROW, unchanged);
    return;
  }
  if (check === undefined) {
    await blindWrite(target, rowKey, DELETE_ROW);
    return;
  }
  await conditionalWrite(target, { key: rowKey, version: check }, DELETE_ROW);
}

/** The version check of a delete, or undefined for an unconditional one. */
function deleteVersionCheck<E extends object>(
  meta: EntityMetadata<E>,
  key: object,
  options: DeleteEntityOptions,
): VersionedWrite['version'] {
  const version = meta.version;
  const explicit = options.expectedVersion;
  if (explicit !== undefined && !version)
    throw new InvalidArgumentError({
      api: `Repository<${meta.name}>.delete`,
      argument: 'expectedVersion',
      value: explicit,
      expected: `undefined: ${meta.name} has no version field`,
    });
  if (!version) return undefined;
  const expected: unknown = explicit ?? (key as Record<string, unknown>)[version.property];
  if (expected === undefined) return undefined;
  // As in save and update, version 0 (or null) means "no version cell yet", never a cell holding 0.
  const none = expected === null || expected === 0 || expected === 0n;
  if (none) return { family: version.family, qualifier: version.qualifier, expected: undefined };
  return {
    family: version.family,
    qualifier: version.qualifier,
    expected: located(meta.name, version.property, () => version.codec.encode(expected)),
    // An entity the SDK returned (or saved) at this version: only the exact cell it was read with matches.
    cell: versionCellOf(key, expected),
  };
}
