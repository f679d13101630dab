import { QueryError } from '../../errors/query-error.js';
import { checkFunction, checkObject } from '../../errors/check-argument.js';
import {
  checkCondition,
  checkEntriesOptions,
  checkCount,
  checkMode,
  checkStepSignal,
  checkStepTimeout,
} from './builder-arguments.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { CompiledCollection } from '../compiler/compile-read.js';
import { compileRead } from '../compiler/compile-read.js';
import type { QueryMode } from '../compiler/compile-query.js';
import { encodeCursor } from '../cursor/query-cursor.js';
import { explainRead } from '../explain/explain-read.js';
import type { ExplainAnalysis, ExplainOptions } from '../explain/explain-analysis.js';
import { checkExplainOptions, explainAnalysis } from '../explain/explain-analysis.js';
import type { CallRecord } from '../../observe/call-record.js';
import type { ConditionOp, EntriesNode, QueryNode, VersionsNode } from '../nodes/query-node.js';
import { queryNode } from '../nodes/query-node.js';
import { residualProgram } from '../nodes/residual-node.js';
import type { CollectionNode, ReadNode } from '../nodes/read-node.js';
import { collectionNode } from '../nodes/read-node.js';
import type { CollectionExecutor, CollectionRow } from '../executor/collection-executor.js';
import type { EntriesOptions } from './query.js';
import type { QueryCallOptions } from '../executor/query-executor.js';
import type { SkippedRowReporter } from './skipped-row.js';
import type { ReadProps } from './read-props.js';
import { readNow, readProps } from './read-props.js';
import { compileOnlyExecutor } from './compile-only-executor.js';
import { decodeErrorPolicy } from './decode-error-policy.js';
import { collectionNodeOf } from './collection-nodes.js';
import type {
  CollectionCounts,
  CollectionItem,
  CollectionPage,
  CollectionResult,
  CollectionShape,
  CompiledCollectionQuery,
} from './collection-results.js';
import type { EntryKey, Member } from './builder-types.js';

type Shape = CollectionShape;

/** Properties of a member's entity usable in conditions and projections. */
type PropOf<E, T extends keyof E> = keyof E[T] & string;

function noRunner(node: CollectionNode): QueryError {
  return new QueryError({
    entity: node.members.map((m) => m.query.meta.name).join(', '),
    problem: 'this collection query has no mapper to run on (compile/explain only)',
  });
}

/**
 * A typed, immutable query over several entity types of one table that share leading key parts (a parent and its
 * children, an invoice and its payments): one read in key order, each row routed to the type whose key it has,
 * results grouped per type. Per-type `where`, `select`, `versions`, `entries` and `limit`; total `limit`,
 * `reverse`, cursors, `for await` streaming, `count`, `exists`, `compile()` and `explain()`. Get one from
 * `mapper.collection({...}).key(shared)`.
 *
 * @example
 * ```ts
 * const { video, comments } = await mapper
 *   .collection({ video: Video, comments: Comment })
 *   .key({ videoId: 'v1' })
 *   .limit('comments', 10)
 *   .fetch();
 * ```
 */
export class CollectionQuery<M extends Shape, R extends Shape = M> implements AsyncIterable<
  CollectionItem<R>
> {
  /**
   * Used by the mapper; users get collection queries from `mapper.collection({...}).key(shared)` or
   * {@link CollectionQuery.over}.
   *
   * @internal The read tree and executor are not part of the published types.
   */
  constructor(
    node: CollectionNode,
    executor?: CollectionExecutor,
    call: QueryCallOptions = {},
    skipReporter?: SkippedRowReporter,
  ) {
    this.props = readProps(node, executor, call, skipReporter);
  }

  /** Everything a step carries forward (tree, executor, call options, decode policy), frozen. */
  private readonly props: ReadProps<CollectionNode, CollectionExecutor>;

  /**
   * The frozen read tree.
   *
   * @internal
   */
  get node(): CollectionNode {
    return this.props.node;
  }

  /** The member entities' names, as errors name the collection. */
  private get entities(): string {
    return this.node.members.map((m) => m.query.meta.name).join(', ');
  }

  /** This query with one part of its props changed and every other part carried over. */
  private step<R2 extends Shape = R>(
    patch: Partial<ReadProps<CollectionNode, CollectionExecutor>>,
  ): CollectionQuery<M, R2> {
    const { node, executor, call, skipReporter } = { ...this.props, ...patch };
    return new CollectionQuery<M, R2>(node, executor, call, skipReporter);
  }

  /**
   * A collection query over entity metadata, for compiling or explaining without a mapper (running it throws).
   * `now` fixes the clock of GC-hiding filters.
   *
   * @example
   * ```ts
   * const members = { video: getEntityMetadata(Video), comments: getEntityMetadata(Comment) };
   * CollectionQuery.over(members, { videoId: 'v1' }, { now: () => 0 }).explain();
   * ```
   */
  static over<M extends Shape>(
    members: { readonly [K in keyof M]: EntityMetadata<M[K]> },
    shared: Readonly<Record<string, unknown>>,
    options: { readonly now?: () => number } = {},
  ): CollectionQuery<M> {
    const api = 'CollectionQuery.over';
    checkObject({ api, argument: 'members' }, members, 'an object of entity metadata by member name');
    checkObject({ api, argument: 'shared' }, shared, 'an object of shared key parts');
    checkObject({ api, argument: 'options' }, options);
    const node = collectionNodeOf(members, shared);
    const { now } = options;
    if (now !== undefined) checkFunction({ api, argument: 'options.now' }, now);
    return new CollectionQuery<M>(
      node,
      now === undefined ? undefined : compileOnlyExecutor(now, () => noRunner(node)),
    );
  }

  private with<R2 extends Shape = R>(node: CollectionNode): CollectionQuery<M, R2> {
    return this.step<R2>({ node });
  }

  private member(
    name: string,
    change: (query: QueryNode) => Partial<Omit<QueryNode, 'meta' | 'kind'>>,
  ): CollectionNode {
    const target = this.node.members.find((m) => m.name === name);
    if (!target)
      throw new QueryError({
        entity: this.entities,
        property: 'member',
        value: name,
        problem: `not a member of this collection (members: ${this.node.members.map((m) => m.name).join(', ')})`,
      });
    return collectionNode(
      this.node.members.map((m) =>
        m === target
          ? { name: m.name, query: queryNode(m.query.meta, { ...m.query, ...change(m.query) }) }
          : m,
      ),
      this.node.shared,
      this.node,
    );
  }

  /**
   * A condition on one member's rows (key parts after the shared ones, or columns), with the same rules as
   * `Query.where`. Rows of other members are not affected.
   *
   * @example
   * ```ts
   * videoPage.where('comments', 'commentId', '>=', 'c5');
   * ```
   */
  where<T extends Member<M>, P extends PropOf<M, T>>(
    type: T,
    property: P,
    op: 'in',
    values: readonly NonNullable<M[T][P]>[],
  ): CollectionQuery<M, R>;
  where<T extends Member<M>, P extends PropOf<M, T>>(
    type: T,
    property: P,
    op: 'between',
    range: readonly [NonNullable<M[T][P]>, NonNullable<M[T][P]>],
  ): CollectionQuery<M, R>;
  where<T extends Member<M>, P extends PropOf<M, T>>(
    type: T,
    property: P,
    op: 'startsWith',
    prefix: string | Uint8Array,
  ): CollectionQuery<M, R>;
  where<T extends Member<M>, P extends PropOf<M, T>>(
    type: T,
    property: P,
    op: '=' | '!=' | '>' | '>=' | '<' | '<=',
    value: NonNullable<M[T][P]>,
  ): CollectionQuery<M, R>;
  where(type: string, property: string, op: ConditionOp, value: unknown): CollectionQuery<M, R> {
    return this.with(
      this.member(type, (q) => {
        checkCondition(q.meta.name, property, op);
        return { conditions: [...q.conditions, { property, op, value }] };
      }),
    );
  }

  /**
   * Reads only these properties of one member (key parts always come from the key); unselected properties are
   * absent from that member's results.
   *
   * @example
   * ```ts
   * videoPage.select('comments', 'text');
   * ```
   */
  select<T extends Member<M>, P extends PropOf<M, T>>(
    type: T,
    ...properties: P[]
  ): CollectionQuery<M, Omit<R, T> & { [K in T]: Pick<M[T], P> & Partial<M[T]> }> {
    return this.with(
      this.member(type, (q) => ({ select: [...new Set([...(q.select ?? []), ...properties])] })),
    );
  }

  /**
   * Which cells of one member's versioned properties to read: the newest `latest` with timestamps in `[since,
   * until)`.
   *
   * @example
   * ```ts
   * videoPage.versions('video', { latest: 10 });
   * ```
   */
  versions(type: Member<M>, window: VersionsNode): CollectionQuery<M, R> {
    return this.with(this.member(type, () => ({ versions: window })));
  }

  /**
   * Which entries of one member's Map/Set property to read (as `Query.entries`).
   *
   * @example
   * ```ts
   * videoPage.entries('video', 'formats', { prefix: 'mp4', limit: 3 });
   * ```
   */
  entries<T extends Member<M>, P extends PropOf<M, T>>(
    type: T,
    property: P,
    options: EntriesOptions<EntryKey<M[T][P]>>,
  ): CollectionQuery<M, R> {
    const entry: EntriesNode = { property, ...options };
    return this.with(
      this.member(type, (q) => {
        checkEntriesOptions(q.meta.name, property, options);
        return { entries: [...q.entries.filter((e) => e.property !== property), entry] };
      }),
    );
  }

  /**
   * At most `n` rows in total, or (with a member name) at most `n` rows of that member. The latter is what "a
   * video with its 10 newest comments" needs; it holds across pages.
   *
   * @example
   * ```ts
   * videoPage.limit('comments', 10).limit(11);
   * ```
   */
  limit(n: number): CollectionQuery<M, R>;
  limit(type: Member<M>, n: number): CollectionQuery<M, R>;
  limit(a: number | string, b?: number): CollectionQuery<M, R> {
    const n = typeof a === 'number' ? a : b;
    checkCount(this.entities, 'limit', n);
    if (typeof a === 'number')
      return this.with(collectionNode(this.node.members, this.node.shared, { ...this.node, limit: a }));
    return this.with(this.member(a, () => ({ limit: n })));
  }

  /**
   * Reads in descending key order (children with reversed timestamps in their keys come oldest first then).
   *
   * @example
   * ```ts
   * videoPage.reverse();
   * ```
   */
  reverse(): CollectionQuery<M, R> {
    return this.with(
      collectionNode(this.node.members, this.node.shared, { ...this.node, reverse: !this.node.reverse }),
    );
  }

  /**
   * Resumes right after the last row of the page that returned `cursor` (per-member limits count the rows earlier
   * pages returned).
   *
   * @example
   * ```ts
   * const first = await videoPage.page(20);
   * const next = first.cursor ? await videoPage.after(first.cursor).page(20) : undefined;
   * ```
   */
  after(cursor: string): CollectionQuery<M, R> {
    return this.with(collectionNode(this.node.members, this.node.shared, { ...this.node, after: cursor }));
  }

  /**
   * Runs the read under this AbortSignal.
   *
   * @example
   * ```ts
   * await videoPage.signal(AbortSignal.timeout(5_000)).fetch();
   * ```
   */
  signal(signal: AbortSignal): CollectionQuery<M, R> {
    checkStepSignal('CollectionQuery.signal', signal);
    return this.step({ call: { ...this.props.call, signal } });
  }

  /**
   * Gives the whole read a deadline in milliseconds.
   *
   * @example
   * ```ts
   * await videoPage.timeout(30_000).fetch();
   * ```
   */
  timeout(ms: number): CollectionQuery<M, R> {
    checkStepTimeout('CollectionQuery.timeout', ms);
    return this.step({ call: { ...this.props.call, timeoutMs: ms } });
  }

  /**
   * Skip and report rows that cannot be decoded instead of ending the read (as `Query.onDecodeError`).
   *
   * @example
   * ```ts
   * const bad: unknown[] = [];
   * videoPage.onDecodeError('skip', (row) => bad.push(row));
   * ```
   */
  onDecodeError(policy: 'throw'): CollectionQuery<M, R>;
  onDecodeError(policy: 'skip', report: SkippedRowReporter): CollectionQuery<M, R>;
  onDecodeError(policy: 'throw' | 'skip', report?: SkippedRowReporter): CollectionQuery<M, R> {
    return this.step({ skipReporter: decodeErrorPolicy(this.entities, policy, report) });
  }

  private now(): number {
    return readNow(this.props);
  }

  private plan(mode: QueryMode = 'rows', node: CollectionNode = this.node): CompiledCollection {
    const read: ReadNode = mode === 'rows' ? node : { kind: 'count', of: node, exists: mode === 'exists' };
    const compiled = compileRead(read, this.now());
    if (compiled.kind !== 'collection') throw noRunner(node);
    return compiled.plan;
  }

  /**
   * The requests this read sends (of `count()`/`exists()` with `mode`) and the planner's notes. Deterministic for a
   * fixed clock, and the same whatever order the members were listed in.
   *
   * @example
   * ```ts
   * const { requests, notes } = videoPage.compile();
   * ```
   */
  compile(mode: QueryMode = 'rows'): CompiledCollectionQuery {
    checkMode(this.entities, mode);
    const plan = this.plan(mode);
    return Object.freeze({
      requests: Object.freeze(
        plan.requests.map((r) => Object.freeze({ members: r.members, request: r.request })),
      ),
      notes: plan.notes,
    });
  }

  /**
   * The plan as text: each request (row set, filter, limit), each member's routing and client-side work, notes.
   *
   * @example
   * ```ts
   * console.log(videoPage.explain());
   * ```
   */
  explain(mode?: QueryMode): string;
  /**
   * Runs the read (as `fetch()` would, the entities discarded) and reports what it cost next to the plan (see
   * `Query.explain({ analyze: true })`).
   *
   * @example
   * ```ts
   * console.log((await videoPage.explain({ analyze: true })).text);
   * ```
   */
  explain(options: ExplainOptions): Promise<ExplainAnalysis>;
  explain(mode: QueryMode | ExplainOptions = 'rows'): string | Promise<ExplainAnalysis> {
    if (typeof mode === 'object') return this.analyze(mode);
    checkMode(this.entities, mode);
    return explainRead({ kind: 'collection', plan: this.plan(mode) });
  }

  private async analyze(options: ExplainOptions): Promise<ExplainAnalysis> {
    checkExplainOptions('CollectionQuery.explain', options);
    const plan = this.plan();
    let record: CallRecord | undefined;
    for await (const row of this.run(plan, true, this.props.skipReporter, (r) => (record = r))) void row;
    return explainAnalysis(explainRead({ kind: 'collection', plan }), record!);
  }

  private run(
    plan: CompiledCollection,
    hydrate: boolean,
    report = this.props.skipReporter,
    analyze?: (record: CallRecord) => void,
  ): AsyncIterable<CollectionRow> {
    if (!this.props.executor) throw noRunner(this.node);
    return this.props.executor.execute(plan, {
      hydrate,
      signal: this.props.call.signal,
      timeoutMs: this.props.call.timeoutMs,
      ...(report ? { onDecodeError: report } : {}),
      ...(analyze ? { analyze } : {}),
    });
  }

  /**
   * Streams the rows in key order, each tagged with its member; breaking out cancels the read.
   *
   * @example
   * ```ts
   * for await (const item of videoPage) if (item.type === 'comments') console.log(item.entity.commentId);
   * ```
   */
  async *[Symbol.asyncIterator](): AsyncIterator<CollectionItem<R>> {
    for await (const row of this.run(this.plan(), true))
      yield { type: row.member, entity: row.entity } as CollectionItem<R>;
  }

  private empty(): CollectionResult<R> {
    return Object.fromEntries(this.node.members.map((m) => [m.name, []])) as unknown as CollectionResult<R>;
  }

  /**
   * Every result, grouped per member (each group in read order).
   *
   * @example
   * ```ts
   * const { video, comments } = await videoPage.fetch();
   * ```
   */
  async fetch(): Promise<CollectionResult<R>> {
    const out = this.empty() as Record<string, object[]>;
    for await (const row of this.run(this.plan(), true)) out[row.member]!.push(row.entity!);
    return out as CollectionResult<R>;
  }

  /**
   * Rows matched per member, reading keys only where no condition is checked on the client.
   *
   * @example
   * ```ts
   * const { comments } = await videoPage.count();
   * ```
   */
  async count(): Promise<CollectionCounts<R>> {
    const plan = this.plan('count');
    const counts = Object.fromEntries(this.node.members.map((m) => [m.name, 0])) as Record<string, number>;
    const hydrate = plan.members.some((m) => residualProgram(m.plan.client).conditions.length > 0);
    for await (const row of this.run(plan, hydrate)) counts[row.member]!++;
    return counts as CollectionCounts<R>;
  }

  /**
   * Whether any row of any member matches (at most one row read when no condition is checked on the client).
   *
   * @example
   * ```ts
   * if (await videoPage.exists()) console.log('something there');
   * ```
   */
  async exists(): Promise<boolean> {
    const plan = this.plan('exists');
    const hydrate = plan.members.some((m) => residualProgram(m.plan.client).conditions.length > 0);
    for await (const row of this.run(plan, hydrate)) {
      void row;
      return true;
    }
    return false;
  }

  /**
   * Up to `size` rows in total, grouped per member, and a cursor resuming exactly after the last one (undefined when
   * nothing follows). The total `limit(n)` and per-member limits count the rows of earlier pages.
   *
   * @example
   * ```ts
   * const { items, cursor } = await videoPage.page(20);
   * ```
   */
  async page(size: number): Promise<CollectionPage<R>> {
    checkCount(this.entities, 'page', size);
    // One row more than the page tells whether a next page exists; the total limit holds across pages (the cursor
    // carries the rows returned so far per member).
    const first = this.plan();
    const returned = Object.values(first.counts).reduce((a, b) => a + b, 0);
    const remaining = this.node.limit === undefined ? undefined : this.node.limit - returned;
    if (remaining !== undefined && remaining <= 0) return { items: this.empty(), cursor: undefined };
    const plan = this.plan(
      'rows',
      collectionNode(this.node.members, this.node.shared, {
        ...this.node,
        limit: remaining === undefined ? size + 1 : Math.min(size + 1, remaining),
      }),
    );
    const items = this.empty() as Record<string, object[]>;
    const counts: Record<string, number> = { ...plan.counts };
    let taken = 0;
    let more = false;
    let lastKey: Uint8Array | undefined;
    for await (const row of this.run(plan, true)) {
      if (taken === size) {
        more = true;
        break;
      }
      items[row.member]!.push(row.entity!);
      counts[row.member] = (counts[row.member] ?? 0) + 1;
      lastKey = row.key;
      taken++;
    }
    const cursor =
      more && lastKey
        ? encodeCursor({ lastKey, reversed: this.node.reverse, fingerprint: plan.fingerprint, counts })
        : undefined;
    return { items: items as CollectionResult<R>, cursor };
  }
}
