import { bytesEqual } from '../codecs/key/bytes.js';
import type { EntityMetadata, FieldMetadata } from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';
import { buildSaveMutations } from './build-save-mutations.js';
import type { Clock } from './save-timestamp.js';

function isCellField(field: FieldMetadata): field is Exclude<FieldMetadata, { kind: 'map' | 'set' }> {
  return field.kind !== 'map' && field.kind !== 'set';
}

/**
 * Deletes of the old storage the current entity does not declare: each old column (unless a current Map/Set owns its
 * family, whose whole save already rewrites it) and each old Map/Set family no current field uses.
 */
function oldStorageDeletes(meta: EntityMetadata): Mutation[] {
  const out: Mutation[] = [];
  const seen = new Set<string>();
  const owned = new Set(meta.fields.filter((f) => !isCellField(f)).map((f) => f.family));
  const evolution = meta.evolution!;
  for (const step of evolution.steps)
    for (const old of step.shape) {
      if (old.kind === 'column') {
        const id = `${old.family}:${Buffer.from(old.qualifier).toString('hex')}`;
        if (seen.has(id) || owned.has(old.family)) continue;
        seen.add(id);
        const declared = meta.fields.some(
          (f) => isCellField(f) && f.family === old.family && bytesEqual(f.qualifier, old.qualifier),
        );
        const isToken = old.family === evolution.family && bytesEqual(old.qualifier, evolution.qualifier);
        if (!declared && !isToken)
          out.push({ kind: 'deleteFromColumn', family: old.family, qualifier: old.qualifier });
      } else if (!seen.has(old.family) && !meta.fields.some((f) => f.family === old.family)) {
        seen.add(old.family);
        out.push({ kind: 'deleteFromFamily', family: old.family });
      }
    }
  return out;
}

/**
 * The mutations that store an upcast entity over its old row at the current schema version (pure): the whole-save
 * mutations (fresh token included) plus deletes of every old-shape column and family the entity no longer declares.
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
  return {
    mutations: [...save.mutations.filter(keep), ...oldStorageDeletes(meta)],
    token: save.schemaToken!,
  };
}
