import { checkObject, checkString } from '../errors/check-argument.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EntityClass, EntityMetadata } from './entity-metadata.js';
import { defaultRegistry, getEntityMetadata } from './entity-registry.js';

/**
 * One entity class exported by a module, with the name it is exported under and its resolved metadata.
 *
 * @example
 * ```ts
 * const entities: ModuleEntity[] = moduleEntities({ Device });
 * ```
 */
export interface ModuleEntity {
  /** The name the module exports it under (`default` for a default export). */
  readonly exportName: string;
  /** The class itself, for `mapper.schema.plan([...])` and repositories. */
  readonly entity: EntityClass;
  /** Its resolved, validated metadata. */
  readonly metadata: EntityMetadata;
}

/**
 * The entity classes among a module's exports (decorated classes and `defineEntity` results, each once, in export
 * order), resolved and validated. Tools that take "a module of entities" (the CLI's `--entities`) use it. A module
 * with none is refused: its classes were not declared as entities, or were declared through another copy of
 * bigtable-mapper than this one (a second install, or tsconfig `paths` pointing at sources), whose declarations
 * this copy cannot see.
 *
 * @example
 * ```ts
 * const entities = moduleEntities({ Device, Video }, 'src/entities.ts');
 * await mapper.ensureSchema(entities.map((e) => e.entity));
 * ```
 */
export function moduleEntities(
  namespace: Readonly<Record<string, unknown>>,
  source = 'module',
): ModuleEntity[] {
  checkObject({ api: 'moduleEntities', argument: 'namespace' }, namespace);
  checkString({ api: 'moduleEntities', argument: 'source' }, source, 'a string');
  const registered = new Set<unknown>(defaultRegistry.entities());
  const seen = new Set<unknown>();
  const found: ModuleEntity[] = [];
  for (const [exportName, value] of Object.entries(namespace)) {
    if (!registered.has(value) || seen.has(value)) continue;
    seen.add(value);
    const entity = value as EntityClass;
    found.push({ exportName, entity, metadata: getEntityMetadata(entity) });
  }
  if (found.length === 0)
    throw new InvalidArgumentError({
      api: 'moduleEntities',
      argument: source,
      value: Object.keys(namespace),
      expected:
        'a module exporting entity classes (@Entity or defineEntity); if its classes are entities, they were declared ' +
        'through another copy of bigtable-mapper (a second install, or tsconfig "paths" to its sources)',
    });
  return found;
}
