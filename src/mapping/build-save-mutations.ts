import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import { compileSaveEncoder } from './compile-save-encoder.js';
import { encodeEntityKey } from './entity-key.js';
import { generalSaveMutations } from './general-save-mutations.js';
import type { Clock } from './save-timestamp.js';
import { saveTimestampMicros } from './save-timestamp.js';
import type { SaveMutations } from './save-mutations.js';
import { encodeToken, randomWriteId } from './schema-version-token.js';
import { versionCellOf } from './version-cell.js';

/**
 * Options of {@link buildSaveMutations}.
 *
 * @example
 * ```ts
 * buildSaveMutations(meta, entity, { now: () => Date.UTC(2024, 0, 1) });
 * ```
 */
export interface SaveOptions {
  /** Clock in milliseconds for the save timestamp (default `Date.now`); inject it for reproducible output. */
  readonly now?: Clock;
  /** Source of the 8-byte write id of the schema-version token and the version cell (default: crypto random). */
  readonly writeId?: () => Uint8Array;
}

/**
 * The mutation list of one whole-entity save (pure; nothing is sent):
 * - scalar columns: DeleteFromColumn + SetCell at the save timestamp (the column holds exactly the last save to
 *   arrive, whatever the clocks); an absent optional/nullable value → DeleteFromColumn;
 * - versioned columns: one SetCell per `{ timestamp, value }` entry at the entry's own timestamp; nothing is
 *   deleted (re-saving is idempotent; older versions go with the family's GC rule);
 * - Map/Set families: DeleteFromFamily, then one SetCell per entry in qualifier order, so the row holds exactly
 *   the entity's entries after the atomic MutateRow;
 * - counters and aggregates: untouched (they change through increments and AddToCell only);
 * - version field: DeleteFromColumn + SetCell of `version + 1` followed by a random write id (always one cell, never
 *   the same twice), with the check to send the save conditionally — on the exact cell the entity was read with
 *   when the SDK returned it (`versionCellOf`), else on its version number;
 * - schema-version cell (`@Evolve`): DeleteFromColumn + SetCell of a fresh token (current version, random write id),
 *   and deletes of the old-shape columns/families the entity no longer declares (`oldStorageDeletes`).
 * Limits are checked before returning (see `checkWriteLimits`).
 *
 * @example
 * ```ts
 * const save = buildSaveMutations(getEntityMetadata(Device), device, { now: () => 1_700_000_000_000 });
 * await mutateRow(conn, meta.table, save.key, save.mutations);
 * ```
 */
export function buildSaveMutations<E extends object>(
  meta: EntityMetadata<E>,
  entity: E,
  options: SaveOptions = {},
): SaveMutations {
  if (typeof entity !== 'object' || entity === null)
    throw new InvalidArgumentError({
      api: `save(${meta.name})`,
      argument: 'entity',
      value: entity,
      expected: `a ${meta.name} object`,
    });
  const timestampMicros = saveTimestampMicros(options.now);
  const key = encodeEntityKey(meta, entity);
  const evolution = meta.evolution;
  // One write id per save, in the schema-version token and after the version in the version cell.
  const writeId =
    evolution === undefined && meta.version === undefined ? undefined : (options.writeId ?? randomWriteId)();
  const schemaToken = evolution === undefined ? undefined : encodeToken(evolution.version, writeId!);
  const versionWriteId = meta.version === undefined ? undefined : writeId;
  const save =
    compileSaveEncoder(meta)?.(entity, key, timestampMicros, schemaToken, versionWriteId) ??
    generalSaveMutations(meta, entity, key, timestampMicros, schemaToken, versionWriteId);
  // Read (or last written) through the SDK: the condition compares the exact cell, not only the number.
  const check = save.version;
  const cell =
    check?.expected === undefined
      ? undefined
      : versionCellOf(entity, (entity as Record<string, unknown>)[meta.version!.property]);
  return cell === undefined ? save : { ...save, version: Object.freeze({ ...check!, cell }) };
}
