import type { ReadRowsRequestData } from '../../model/read-rows-request.js';
import type { Member } from './builder-types.js';

/** Member name → result type of that member. */
export type CollectionShape = Record<string, object>;

/**
 * One row of a collection read, tagged with its member: `item.type === 'comments'` narrows `item.entity` to a
 * comment.
 *
 * @example
 * ```ts
 * for await (const item of videoPage) if (item.type === 'video') console.log(item.entity.title);
 * ```
 */
export type CollectionItem<R extends CollectionShape> = {
  [K in Member<R>]: { readonly type: K; readonly entity: R[K] };
}[Member<R>];

/**
 * A collection's results grouped per member, each in the order read (key order, descending after `reverse()`).
 *
 * @example
 * ```ts
 * const { video, comments } = await videoPage.fetch();
 * ```
 */
export type CollectionResult<R extends CollectionShape> = { [K in Member<R>]: R[K][] };

/**
 * Rows per member that a collection read matches.
 *
 * @example
 * ```ts
 * const counts: CollectionCounts<{ video: Video; comments: Comment }> = await videoPage.count();
 * ```
 */
export type CollectionCounts<R extends CollectionShape> = { [K in Member<R>]: number };

/**
 * The requests a collection read sends (one unless members read a shared family differently), with the members
 * each returns rows of, and the planner's notes.
 *
 * @example
 * ```ts
 * const { requests } = videoPage.compile(); // requests[0].request.rows.rowRanges, .filter, .rowsLimit
 * ```
 */
export interface CompiledCollectionQuery {
  readonly requests: ReadonlyArray<{
    readonly members: readonly string[];
    readonly request: ReadRowsRequestData | undefined;
  }>;
  readonly notes: readonly string[];
}

/**
 * A page of a collection read: results grouped per member and the cursor of the next page.
 *
 * @example
 * ```ts
 * const page: CollectionPage<{ video: Video; comments: Comment }> = await videoPage.page(10);
 * ```
 */
export interface CollectionPage<R extends CollectionShape> {
  readonly items: CollectionResult<R>;
  readonly cursor: string | undefined;
}
