import { checkObject } from '../errors/check-argument.js';
import type { KeyPartsOf } from '../mapping/key-input.js';
import { getEntityMetadata } from '../metadata/entity-registry.js';
import type { EntityClass, EntityMetadata } from '../metadata/entity-metadata.js';
import type { Collection } from './collection.js';
import type { Repository } from './repository.js';
import type { ScopeValues } from '../metadata/scoped-metadata.js';
import { describeScope, scopedMetadata } from '../metadata/scoped-metadata.js';
import type { CollectionMembers } from './shared-key.js';

/** How a scope makes its repositories and collections (the mapper's connection, options and executors). */
export interface ScopeFactories {
  repository(meta: EntityMetadata, values: ScopeValues): Repository<object>;
  collection(
    metas: Readonly<Record<string, EntityMetadata>>,
    values: ScopeValues,
  ): Collection<CollectionMembers>;
}

/**
 * Repositories and collections bound to leading key values (`mapper.scope({ tenant: 'acme' })`): every key,
 * query, collection, prefix delete and cursor of them is confined to the rows under those values. A key may leave
 * the scope's key parts out (its type lets it: `ScopedKey`); a key or a condition outside the scope is an InvalidArgumentError before anything is sent; a query or prefix delete that
 * leaves the scope's key parts out gets them; a cursor of another scope's query is refused as a cursor of a
 * different query; `explain()` shows the scope. The scope's values must be exactly the first key parts (in key
 * order) of every entity it is used with, each a non-empty value (docs/single-table.md#tenant-scopes).
 *
 * @example
 * ```ts
 * const acme = mapper.scope({ deviceType: 'phone' });
 * const phones = await acme.repository(Device).find().toArray();
 * ```
 */
export class Scope<S extends string = never> {
  private readonly repositories = new Map<EntityClass, Repository<object>>();

  /** @internal Made by `Mapper.scope`. */
  constructor(
    readonly values: ScopeValues,
    private readonly factories: ScopeFactories,
  ) {}

  /**
   * The repository of an entity class inside this scope. Refused (InvalidArgumentError) when the scope's values are
   * not the entity's leading key parts. Its keys may leave the scope's key parts out.
   *
   * @example
   * ```ts
   * const phones = mapper.scope({ deviceType: 'phone' }).repository(Device);
   * const x = await phones.get({ deviceId: 'x' });
   * ```
   */
  repository<C extends EntityClass>(
    entity: C,
  ): Repository<InstanceType<C>, KeyPartsOf<C>, S & keyof InstanceType<C> & string> {
    let repository = this.repositories.get(entity);
    if (!repository) {
      const meta = scopedMetadata(getEntityMetadata(entity), this.values, `${this}.repository`);
      repository = this.factories.repository(meta, this.values);
      this.repositories.set(entity, repository);
    }
    return repository as unknown as Repository<
      InstanceType<C>,
      KeyPartsOf<C>,
      S & keyof InstanceType<C> & string
    >;
  }

  /**
   * A collection inside this scope (see `Mapper.collection`): `key()` adds the scope's values where the shared key
   * leaves them out and refuses other values.
   *
   * @example
   * ```ts
   * const page = mapper.scope({ videoId: 'v1' }).collection({ video: Video, comments: Comment });
   * ```
   */
  collection<M extends CollectionMembers>(members: M): Collection<M> {
    checkObject(
      { api: `${this}.collection`, argument: 'members' },
      members,
      'an object of entity classes by name',
    );
    const metas: Record<string, EntityMetadata> = {};
    for (const [name, entity] of Object.entries(members))
      metas[name] = scopedMetadata(getEntityMetadata(entity), this.values, `${this}.collection`);
    return this.factories.collection(metas, this.values) as unknown as Collection<M>;
  }

  /** `Scope(tenant = "acme")`. */
  toString(): string {
    return `Scope(${describeScope(this.values)})`;
  }
}
