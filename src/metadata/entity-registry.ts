import { MetadataError } from '../errors/metadata-error.js';
import { checkFunction, checkIterable } from '../errors/check-argument.js';
import type { MetadataProblem } from '../errors/metadata-error.js';
import { checkTableSiblings } from './check-table-siblings.js';
import { declarationGeneration } from './declaration-store.js';
import type { EntityClass, EntityMetadata } from './entity-metadata.js';
import { isRedefinition } from './layout-difference.js';
import { resolveEntity } from './resolve-entity.js';

interface Cached {
  readonly generation: number;
  readonly metadata: EntityMetadata;
}

const ownCache = new WeakMap<object, Cached>();

// Resolution of one class alone, cached until a new declaration appears anywhere.
function resolveOwn(target: EntityClass): EntityMetadata {
  const generation = declarationGeneration();
  const cached = ownCache.get(target);
  if (cached && cached.generation === generation) return cached.metadata;
  const metadata = resolveEntity(target);
  ownCache.set(target, { generation, metadata });
  return metadata;
}

/**
 * The set of entity classes that may share tables, and the cache of their resolved metadata. `@Entity` and
 * `defineEntity` register into {@link defaultRegistry}; a separate registry isolates a group of entities (tests,
 * several applications in one process).
 *
 * @example
 * ```ts
 * const registry = new EntityRegistry([Video, Comment]);
 * registry.resolveAll(); // throws one MetadataError if anything, including a key collision, is wrong
 * ```
 */
export class EntityRegistry {
  private readonly members = new Set<EntityClass>();
  private readonly checked = new WeakMap<object, Cached>();
  // Reads ask for a table's siblings on every plan; they change only with declarations or registrations.
  private readonly siblings = new WeakMap<
    object,
    { readonly generation: number; readonly size: number; readonly list: readonly EntityMetadata[] }
  >();
  // When the superseded definitions were last dropped (see dropSuperseded).
  private pruned = { generation: -1, size: -1 };

  constructor(entities: Iterable<EntityClass> = []) {
    checkIterable(
      { api: 'EntityRegistry.constructor', argument: 'entities' },
      entities,
      'an iterable of entity classes',
    );
    for (const e of entities) {
      checkEntityClass('EntityRegistry.constructor', e);
      this.members.add(e);
    }
  }

  /** Adds an entity class (idempotent). */
  register(target: EntityClass): void {
    checkEntityClass('EntityRegistry.register', target);
    this.members.add(target);
  }

  /**
   * The registered classes, in registration order. A class defined again with the same name, table and layout (a
   * module evaluated twice) is listed once: the newer definition replaces the older.
   */
  entities(): readonly EntityClass[] {
    this.dropSuperseded();
    return [...this.members];
  }

  /**
   * The metadata of `target`, resolved and validated on first use (including the checks against the other
   * registered entities of its table), then cached. Throws one `MetadataError` listing every problem.
   */
  resolve<E extends object>(target: EntityClass<E>): EntityMetadata<E> {
    checkEntityClass('getEntityMetadata', target);
    const generation = declarationGeneration();
    const cached = this.checked.get(target);
    if (cached && cached.generation === generation) return cached.metadata as EntityMetadata<E>;
    let metadata: EntityMetadata;
    const problems: MetadataProblem[] = [];
    try {
      metadata = resolveOwn(target);
    } catch (error) {
      if (error instanceof MetadataError) throw error;
      throw new MetadataError(
        [{ entity: target.name, message: `cannot be resolved: ${String(error)}` }],
        error,
      );
    }
    problems.push(...checkTableSiblings(metadata, this.siblingsOf(metadata)));
    if (problems.length > 0) throw new MetadataError(problems);
    this.checked.set(target, { generation, metadata });
    return metadata as EntityMetadata<E>;
  }

  /**
   * Resolves every registered entity and throws one `MetadataError` with the problems of all of them. Useful at
   * startup or in a test that guards the whole model.
   */
  resolveAll(): EntityMetadata[] {
    const all: EntityMetadata[] = [];
    const problems: MetadataProblem[] = [];
    this.dropSuperseded();
    for (const target of this.members) {
      try {
        all.push(this.resolve(target));
      } catch (error) {
        if (!(error instanceof MetadataError)) throw error;
        problems.push(...error.problems);
      }
    }
    if (problems.length > 0) throw new MetadataError(problems);
    return all;
  }

  /**
   * The other valid entities stored in `target`'s table: the registered ones and the parents of its key. Reads and
   * prefix deletes use them to tell rows of other types under the entity's prefix apart.
   */
  tableSiblings(target: EntityClass): readonly EntityMetadata[] {
    checkEntityClass('EntityRegistry.tableSiblings', target);
    const generation = declarationGeneration();
    const cached = this.siblings.get(target);
    if (cached && cached.generation === generation && cached.size === this.members.size) return cached.list;
    const list = Object.freeze(this.siblingsOf(this.resolve(target)));
    this.siblings.set(target, { generation, size: this.members.size, list });
    return list;
  }

  /**
   * Drops every class that a newer registration redefines (same name, table and layout: the same declaration
   * evaluated again by a dev server's reload or a second copy of its module), so that the newer class is the one
   * listed and resolved with the model. Only classes sharing a name are resolved for this.
   */
  private dropSuperseded(): void {
    const generation = declarationGeneration();
    if (this.pruned.generation === generation && this.pruned.size === this.members.size) return;
    const byName = new Map<string, EntityClass[]>();
    for (const target of this.members) {
      const named = byName.get(target.name);
      if (named) named.push(target);
      else byName.set(target.name, [target]);
    }
    for (const named of byName.values()) {
      if (named.length < 2) continue;
      const resolved = named.flatMap((target) => {
        try {
          return [resolveOwn(target)];
        } catch {
          return []; // an invalid class reports its own problems when it is used
        }
      });
      resolved.forEach((older, i) => {
        if (resolved.slice(i + 1).some((newer) => isRedefinition(older, newer)))
          this.members.delete(older.target);
      });
    }
    this.pruned = { generation, size: this.members.size };
  }

  private siblingsOf(metadata: EntityMetadata): EntityMetadata[] {
    const siblings: EntityMetadata[] = [];
    this.dropSuperseded();
    for (const other of this.members) {
      if (other === metadata.target) continue;
      try {
        const resolved = resolveOwn(other);
        // Another definition of the same entity is the entity itself, not a second type sharing its table.
        if (resolved.table === metadata.table && !isRedefinition(metadata, resolved)) siblings.push(resolved);
      } catch {
        // An invalid sibling reports its own problems when it is used; it cannot be compared meanwhile.
      }
    }
    // The parents of a hierarchical key share the table even when they were registered elsewhere.
    for (let parent = metadata.parent; parent !== undefined;) {
      const resolved: EntityMetadata = resolveOwn(parent);
      if (!siblings.some((s) => s.target === resolved.target)) siblings.push(resolved);
      parent = resolved.parent;
    }
    return siblings;
  }
}

/**
 * The registry `@Entity` and `defineEntity` register into.
 *
 * @example
 * ```ts
 * defaultRegistry.resolveAll(); // validate every declared entity at startup
 * ```
 */
export const defaultRegistry = new EntityRegistry();

/**
 * The resolved, frozen metadata of an entity class (from the default registry). Validates on first use.
 *
 * @example
 * ```ts
 * const meta = getEntityMetadata(Device);
 * console.log(meta.table, meta.key.segments, meta.fields.map((f) => f.property));
 * ```
 */
export function getEntityMetadata<E extends object>(target: EntityClass<E>): EntityMetadata<E> {
  return defaultRegistry.resolve(target);
}

/** An entity class (a function), refused before a WeakMap or the declaration store sees something else. */
function checkEntityClass(api: string, target: unknown): void {
  checkFunction({ api, argument: 'entity' }, target, 'an entity class');
}
