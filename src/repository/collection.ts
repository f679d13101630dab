import { checkObject } from '../errors/check-argument.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { CollectionEntities, CollectionMembers, SharedKey } from './shared-key.js';
import { CollectionQuery, collectionNodeOf } from '../query/index.js';
import type { CollectionExecutor } from '../query/index.js';
import { fillScope } from './fill-scope.js';
import type { ScopeValues } from '../metadata/scoped-metadata.js';

/**
 * Several entity types of one table that share leading key parts, named for the results. `key(shared)` starts a
 * {@link CollectionQuery} over the rows of every member under those key values.
 *
 * @example
 * ```ts
 * const videoPage = mapper.collection({ video: Video, comments: Comment });
 * const { video, comments } = await videoPage.key({ videoId: 'v1' }).limit('comments', 10).fetch();
 * ```
 */
export class Collection<M extends CollectionMembers> {
  /**
   * Made by `mapper.collection()`.
   *
   * @internal
   */
  constructor(
    private readonly metas: Readonly<Record<string, EntityMetadata>>,
    private readonly executor: CollectionExecutor,
    /** The values of the scope the collection is bound to (`mapper.scope(...).collection(...)`), if any. */
    private readonly scope?: ScopeValues,
  ) {}

  /**
   * The rows of every member whose key starts with the shared key values (the first shared key part, or a leading
   * run of them), as a query to refine and run.
   *
   * @example
   * ```ts
   * const q = mapper.collection({ invoice: Invoice, payments: Payment }).key({ invoiceId: 'i1' });
   * ```
   */
  key(shared: SharedKey<M>): CollectionQuery<CollectionEntities<M>> {
    checkObject({ api: 'Collection.key', argument: 'shared' }, shared, 'an object of shared key parts');
    return new CollectionQuery<CollectionEntities<M>>(
      collectionNodeOf(this.metas, fillScope(shared as Readonly<Record<string, unknown>>, this.scope)),
      this.executor,
    );
  }
}
