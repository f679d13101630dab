import { MetadataError } from '../errors/metadata-error.js';
import type { MetadataProblem } from '../errors/metadata-error.js';
import type { EntityOptions } from './declaration-args.js';
import type {
  EntityClass,
  EntityMetadata,
  FieldMetadata,
  ValidationMetadata,
  VersionFieldMetadata,
} from './entity-metadata.js';
import { deepFreeze } from './deep-freeze.js';
import { mergeDeclarations } from './merge-declarations.js';
import { resolveEvolution } from './resolve-evolution.js';
import { resolveField } from './resolve-fields.js';
import { resolveHooks } from './resolve-hooks.js';
import { resolveKey } from './resolve-key.js';
import { validateLayout } from './validate-layout.js';
import type { ParentResolver } from './resolve-parent-key.js';

// Classes whose key is being resolved, so that a parent chain that loops back is reported instead of recursing.
const resolving = new Set<EntityClass>();

function resolveParentOf(child: EntityClass): ParentResolver {
  return (parent) => {
    if (parent === child || resolving.has(parent))
      throw new MetadataError([{ entity: child.name, message: `parent chain loops back to ${parent.name}` }]);
    resolving.add(child);
    try {
      return resolveEntity(parent);
    } finally {
      resolving.delete(child);
    }
  };
}

/**
 * Resolves the declarations of one class (and its bases) into frozen metadata, checking everything that concerns
 * the class alone. Throws one `MetadataError` listing every problem. Does not cache and does not compare with
 * other entities of the table; use `getEntityMetadata` (registry) for that.
 *
 * @example
 * ```ts
 * const meta = resolveEntity(Device);
 * ```
 */
export function resolveEntity<E extends object>(target: EntityClass<E>): EntityMetadata<E> {
  if (typeof target !== 'function')
    throw new MetadataError([{ entity: String(target), message: 'is not a class' }]);
  const merged = mergeDeclarations(target);
  const entity = merged.entityName;
  const problems: MetadataProblem[] = [...merged.problems];
  if (!merged.entity) {
    problems.push({
      entity,
      message: 'is not an entity: decorate it with @Entity({ table }) or call defineEntity()',
    });
  }

  const aggregateOf = (family: string) => merged.families.get(family)?.record.options.aggregate;
  const fields: FieldMetadata[] = [];
  for (const declared of merged.fields.values()) {
    const field = resolveField(declared, { entity, problems, aggregateOf });
    if (field) fields.push(field);
  }
  const families = validateLayout(entity, merged.families, fields, problems);
  const key = resolveKey(merged, problems, resolveParentOf(target));
  const evolution = resolveEvolution(entity, merged, fields, families, problems);
  const hooks = resolveHooks(target, merged, problems);

  if (problems.length > 0 || !key || !merged.entity) throw new MetadataError(problems);
  const version = fields.find((f): f is VersionFieldMetadata => f.kind === 'version');
  return deepFreeze({
    target,
    name: entity,
    table: merged.entity.record.table,
    ...(merged.entity.record.parent === undefined ? {} : { parent: merged.entity.record.parent }),
    key,
    families,
    fields,
    version,
    ...(evolution === undefined ? {} : { evolution }),
    ...validationOf(merged.entity.record),
    ...(hooks === undefined ? {} : { hooks }),
  });
}

/** The validator as metadata; a closure, so that freezing the metadata never freezes the user's schema object. */
function validationOf(options: EntityOptions): { validation?: ValidationMetadata } {
  const schema = options.validate;
  if (schema === undefined) return {};
  return {
    validation: {
      validate: (value) => schema['~standard'].validate(value),
      onRead: options.validateOnRead === true,
    },
  };
}
