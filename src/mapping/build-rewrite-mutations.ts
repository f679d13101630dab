import { bytesEqual } from '../codecs/key/bytes.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';
import { buildSaveMutations } from './build-save-mutations.js';
import type { Clock } from './save-timestamp.js';

/**
 * The mutations that store an upcast entity over its old row at the current schema version (pure): the whole-save
 * mutations (fresh token and deletes of the old storage the entity no longer declares included).
 * The `@Version` cell is left alone unless `advanceVersion` (a rewrite stores the same entity anew; an update that
 * was given an expected version advances it as usual). Throws what `buildSaveMutations` throws.
 *
 * @example
 * ```ts
 * const { mutations, token } = buildRewriteMutations(meta, entity, { now: Date.now, advanceVersion: false });
 * ```
 */
export function buildRewriteMutations<E extends object>(
  meta: EntityMetadata<E>,
  entity: E,
  options: { readonly now: Clock; readonly advanceVersion: boolean; readonly writeId?: () => Uint8Array },
): { readonly mutations: readonly Mutation[]; readonly token: Uint8Array } {
  const save = buildSaveMutations(meta, entity, {
    now: options.now,
    ...(options.writeId ? { writeId: options.writeId } : {}),
  });
  const version = meta.version;
  const keep = (m: Mutation): boolean =>
    options.advanceVersion ||
    version === undefined ||
    !('qualifier' in m && m.family === version.family && bytesEqual(m.qualifier, version.qualifier));
  return { mutations: save.mutations.filter(keep), token: save.schemaToken! };
}
