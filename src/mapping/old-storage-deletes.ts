import { bytesEqual } from '../codecs/key/bytes.js';
import type { EntityMetadata, EvolutionMetadata, FieldMetadata } from '../metadata/entity-metadata.js';
import type { Mutation } from '../model/mutation.js';

const cache = new WeakMap<EvolutionMetadata, readonly Mutation[]>();

function isCellField(field: FieldMetadata): field is Exclude<FieldMetadata, { kind: 'map' | 'set' }> {
  return field.kind !== 'map' && field.kind !== 'set';
}

/**
 * Deletes of the old storage the current entity does not declare (pure, computed once per entity): each old-shape
 * column of a live upcast step (unless a current Map/Set owns its family, whose whole save already rewrites it) and
 * each old Map/Set family no current field uses. A whole save sends them so that a row it stores at the current
 * version keeps nothing an older version wrote.
 *
 * @example
 * ```ts
 * oldStorageDeletes(getEntityMetadata(Device)); // [] for an entity without upcast steps
 * ```
 */
export function oldStorageDeletes(meta: EntityMetadata): readonly Mutation[] {
  const evolution = meta.evolution;
  if (evolution === undefined) return [];
  let cached = cache.get(evolution);
  if (!cached) cache.set(evolution, (cached = Object.freeze(computeDeletes(meta))));
  return cached;
}

function computeDeletes(meta: EntityMetadata): Mutation[] {
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
