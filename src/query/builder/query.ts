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
import type { ReadRowsRequestData } from '../../model/read-rows-request.js';
import type { QueryMode, QueryPlan } from '../compiler/compile-query.js';
import { compileRead } from '../compiler/compile-read.js';
import type { CompiledRead } from '../compiler/compile-read.js';
import { encodeCursor } from '../cursor/query-cursor.js';
import { explainRead } from '../explain/explain-read.js';
import type { ExplainAnalysis, ExplainOptions } from '../explain/explain-analysis.js';
import { checkExplainOptions, explainAnalysis } from '../explain/explain-analysis.js';
import type { CallRecord } from '../../observe/call-record.js';
import type {
  ConditionNode,
  ConditionOp,
  EntriesNode,
  QueryNode,
  VersionsNode,
} from '../nodes/query-node.js';
import { queryNode } from '../nodes/query-node.js';
import { residualProgram } from '../nodes/residual-node.js';
import type {
  QueryCallOptions,
  QueryExecuteOptions,
  QueryExecutor,
  QueryRow,
} from '../executor/query-executor.js';
import type { SkippedRowReporter } from './skipped-row.js';
import type { ReadProps } from './read-props.js';
import { readNow, readProps } from './read-props.js';
import { compileOnlyExecutor } from './compile-only-executor.js';
import { decodeErrorPolicy } from './decode-error-policy.js';
import type { EntryKey, Prop } from './builder-types.js';

/** The end of an iteration, shared (nothing writes to an iterator's result). */
const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/** Properties of E holding a Map or Set. */
type CollectionProp<E> = { [P in Prop<E>]: EntryKey<E[P]> extends never ? never : P }[Prop<E>];

/** Running a query made by `Query.over` (compile and explain only). */
function noRepository(meta: EntityMetadata): QueryError {
  return new QueryError({
    entity: meta.name,
    problem: 'this query has no repository to run on (compile/explain only)',
  });
}

/**
 * The compile target of a query: the ReadRows request (undefined when no row can match and nothing is sent) and
 * the planner's notes.
 *
 * @example
 * ```ts
 * const { request, notes } = devices.find({ deviceType: 'phone' }).limit(10).compile();
 * ```
 */
export interface CompiledQuery {
  readonly request: ReadRowsRequestData | undefined;
  readonly notes: readonly string[];
}

/**
 * One page of results and the cursor of the next one (undefined when this page is the last).
 *
 * @example
 * ```ts
 * let page = await q.page(50); while (page.cursor) page = await q.after(page.cursor).page(50);
 * ```
 */
export interface QueryPage<R> {
  readonly items: R[];
  readonly cursor: string | undefined;
}

/**
 * Bounds of `entries()`: keys in `[from, to)`, or starting with `prefix` (a byte prefix of the encoded key: `bob`
 * matches `bob` and `bobby`), or exactly the given `members` (whole keys: `bob` never matches `bobby`); at most the
 * first `limit` of them.
 */
export interface EntriesOptions<K> {
  readonly from?: K;
  readonly to?: K;
  readonly prefix?: string;
  readonly members?: readonly K[];
  readonly limit?: number;
}

/**
 * An immutable, typed query over one entity. Every builder method returns a new Query over a new frozen tree;
 * nothing is validated against the key layout or sent until a terminal method (`compile`, `explain`, iteration,
 * `toArray`, `first`, `count`, `exists`, `page`) runs, and every problem is a QueryError raised before any
 * request. `R` is the result type: `E`, or `Pick<E, K> & Partial<E>` after `select(...K)` (unselected
 * properties are absent, never invented).
 *
 * The constructor is internal: get queries from `repository.find()`/`scan()` or {@link Query.over}; do not
 * call `new Query()` or extend the class.
 *
 * @example
 * ```ts
 * const recent = await readings
 *   .find({ deviceId: '4c410523' })
 *   .where('at', '>=', new Date('2024-01-01'))
 *   .select('cpu')
 *   .reverse()
 *   .limit(50)
 *   .toArray();
 * ```
 */
export class Query<E extends object, R = E> implements AsyncIterable<R> {
  /**
   * Used by the repository, which provides the executor; users get queries from `repository.find()`/`scan()` or
   * {@link Query.over}.
   *
   * @internal The query tree and executor are not part of the published types.
   */
  constructor(
    node: QueryNode,
    executor?: QueryExecutor,
    call: QueryCallOptions = {},
    skipReporter?: SkippedRowReporter,
  ) {
    this.props = readProps(node, executor, call, skipReporter);
  }

  /** Everything a step carries forward (tree, executor, call options, decode policy), frozen. */
  private readonly props: ReadProps<QueryNode, QueryExecutor>;

  /**
   * The frozen query tree.
   *
   * @internal
   */
  get node(): QueryNode {
    return this.props.node;
  }

  /** This query with one part of its props changed and every other part carried over. */
  private step<R2 = R>(patch: Partial<ReadProps<QueryNode, QueryExecutor>>): Query<E, R2> {
    const { node, executor, call, skipReporter } = { ...this.props, ...patch };
    return new Query<E, R2>(node, executor, call, skipReporter);
  }

  /**
   * A query over an entity, for compiling or explaining without a repository or connection (running it throws).
   * `now` fixes the clock of the GC-hiding timestamp filters, so that compiled requests are reproducible.
   *
   * @example
   * ```ts
   * Query.over(getEntityMetadata(Device), { now: () => 0 }).where('deviceType', '=', 'phone').explain();
   * ```
   */
  static over<E extends object>(
    meta: EntityMetadata<E>,
    options: { readonly now?: () => number } = {},
  ): Query<E> {
    checkObject({ api: 'Query.over', argument: 'meta' }, meta, 'entity metadata (getEntityMetadata(Class))');
    checkObject({ api: 'Query.over', argument: 'options' }, options);
    const { now } = options;
    if (now !== undefined) checkFunction({ api: 'Query.over', argument: 'options.now' }, now);
    return new Query<E>(
      queryNode(meta),
      now === undefined ? undefined : compileOnlyExecutor(now, () => noRepository(meta)),
    );
  }

  private next<R2 = R>(patch: Partial<Omit<QueryNode, 'meta'>>): Query<E, R2> {
    return this.step<R2>({ node: queryNode(this.node.meta, { ...this.node, ...patch }) });
  }

  /**
   * Runs the query under this AbortSignal: aborting cancels the read and ends it with an AbortedError. Not part of
   * the compiled request (cursors and fingerprints ignore it).
   *
   * @example
   * ```ts
   * await devices.find({ deviceType: 'phone' }).signal(AbortSignal.timeout(5_000)).toArray();
   * ```
   */
  signal(signal: AbortSignal): Query<E, R> {
    checkStepSignal(`Query<${this.node.meta.name}>.signal`, signal);
    return this.step({ call: { ...this.props.call, signal } });
  }

  /**
   * Gives the whole read (every attempt, backoff and the consumer's time between rows) a deadline in
   * milliseconds; past it the read ends with a DeadlineExceededError.
   *
   * @example
   * ```ts
   * for await (const d of devices.find({ deviceType: 'phone' }).timeout(30_000)) console.log(d.deviceId);
   * ```
   */
  timeout(ms: number): Query<E, R> {
    checkStepTimeout(`Query<${this.node.meta.name}>.timeout`, ms);
    return this.step({ call: { ...this.props.call, timeoutMs: ms } });
  }

  /**
   * Adds a condition. On key parts: `=` on the leading parts is the exact key prefix; any other operator on the
   * next part becomes row ranges (`in`: one range per value); a condition further right is checked on the
   * client. On scalar columns: a row condition on the newest cell where the bytes sort like the values, else a
   * client-side check (see `explain()`). A row without the column never matches.
   *
   * @example
   * ```ts
   * q.where('at', 'between', [from, to]).where('status', 'in', ['open', 'held']);
   * ```
   */
  where<K extends Prop<E>>(property: K, op: 'in', values: readonly NonNullable<E[K]>[]): Query<E, R>;
  where<K extends Prop<E>>(
    property: K,
    op: 'between',
    range: readonly [NonNullable<E[K]>, NonNullable<E[K]>],
  ): Query<E, R>;
  where<K extends Prop<E>>(property: K, op: 'startsWith', prefix: string | Uint8Array): Query<E, R>;
  where<K extends Prop<E>>(
    property: K,
    op: '=' | '!=' | '>' | '>=' | '<' | '<=',
    value: NonNullable<E[K]>,
  ): Query<E, R>;
  where(property: string, op: ConditionOp, value: unknown): Query<E, R> {
    checkCondition(this.node.meta.name, property, op);
    const condition: ConditionNode = { property, op, value };
    return this.next({ conditions: [...this.node.conditions, condition] });
  }

  /**
   * What to do with a row whose cells (or key) cannot be decoded as the entity: `'throw'` (the default) ends the
   * read with the `ValueEncodingError` (naming entity, property, row key and `family:qualifier`) or
   * `KeyEncodingError`; `'skip'` calls `report` with the row's key and that error, leaves the row out and reads on.
   * Skipped rows do not count toward `limit(n)`, `first()` or a page's size: the query reads on until it has n
   * decodable rows or the range ends. `count()` and `exists()` read keys only and decode nothing unless the query
   * has client-side conditions, so they count rows with undecodable cells; with client-side conditions they skip
   * (and report) such rows like the other terminals. `page()` cursors resume after the last row read, skipped or
   * not, so a skipped row is reported once across pages.
   *
   * @example
   * ```ts
   * const bad: SkippedRow[] = [];
   * const days = await readings.find({ deviceId: 'd1' }).onDecodeError('skip', (row) => bad.push(row)).toArray();
   * ```
   */
  onDecodeError(policy: 'throw'): Query<E, R>;
  onDecodeError(policy: 'skip', report: SkippedRowReporter): Query<E, R>;
  onDecodeError(policy: 'throw' | 'skip', report?: SkippedRowReporter): Query<E, R> {
    return this.step({ skipReporter: decodeErrorPolicy(this.node.meta.name, policy, report) });
  }

  /**
   * Reads only these properties (key parts always come from the key). Unselected properties are absent from the
   * results.
   *
   * @example
   * ```ts
   * const titles = await videos.find({ channel: 'c1' }).select('title').toArray(); // { channel, uploadedAt, title }
   * ```
   */
  select<K extends Prop<E>>(...properties: K[]): Query<E, Pick<E, K> & Partial<E>> {
    return this.next<Pick<E, K> & Partial<E>>({
      select: [...new Set([...(this.node.select ?? []), ...properties])],
    });
  }

  /**
   * Reads rows in descending key order.
   *
   * @example
   * ```ts
   * const last = await q.reverse().first();
   * ```
   */
  reverse(): Query<E, R> {
    return this.next({ reverse: !this.node.reverse });
  }

  /**
   * At most `n` rows (sent as the request's row limit unless conditions are checked on the client).
   *
   * @example
   * ```ts
   * q.limit(50);
   * ```
   */
  limit(n: number): Query<E, R> {
    checkCount(this.node.meta.name, 'limit', n);
    return this.next({ limit: n });
  }

  /**
   * Which cells of versioned properties to read: the newest `latest` cells with timestamps in `[since, until)`.
   *
   * @example
   * ```ts
   * videos.find({ channel: 'c1' }).versions({ latest: 10 }); // the 10 most recent comments per video
   * ```
   */
  versions(window: VersionsNode): Query<E, R> {
    return this.next({ versions: window });
  }

  /**
   * Which entries of a Map/Set property to read: keys in `[from, to)` or starting with `prefix` (string or bytes
   * keys), at most the first `limit` in key byte order.
   *
   * @example
   * ```ts
   * posts.find({ id: 'p1' }).entries('comments', { prefix: '2024-', limit: 10 });
   * ```
   */
  entries<K extends CollectionProp<E>>(property: K, options: EntriesOptions<EntryKey<E[K]>>): Query<E, R> {
    checkEntriesOptions(this.node.meta.name, property, options);
    const entry: EntriesNode = { property, ...options };
    return this.next({ entries: [...this.node.entries.filter((e) => e.property !== property), entry] });
  }

  /**
   * Allows a query without a condition on the first key part (a scan of every row of the entity).
   *
   * @example
   * ```ts
   * await devices.find().allowScan().where('status', '=', 'broken').toArray();
   * ```
   */
  allowScan(): Query<E, R> {
    return this.next({ allowScan: true });
  }

  /**
   * Resumes right after the last row of the page that returned `cursor` (QueryError if it came from another
   * query).
   *
   * @example
   * ```ts
   * const second = await q.after(first.cursor!).page(20);
   * ```
   */
  after(cursor: string): Query<E, R> {
    return this.next({ after: cursor });
  }

  private now(): number {
    return readNow(this.props);
  }

  private compiled(mode: QueryMode, node: QueryNode): CompiledRead {
    return compileRead(
      mode === 'rows' ? node : { kind: 'count', of: node, exists: mode === 'exists' },
      this.now(),
    );
  }

  private plan(mode: QueryMode = 'rows', node: QueryNode = this.node): QueryPlan {
    const compiled = this.compiled(mode, node);
    if (compiled.kind !== 'entity') throw noRepository(node.meta);
    return compiled.plan;
  }

  /**
   * The ReadRows request this query sends (and the planner's notes); `mode` picks the request of `count()` or
   * `exists()` instead of the rows. Deterministic for a fixed clock.
   *
   * @example
   * ```ts
   * const { request } = q.compile(); // { rows: { rowKeys, rowRanges }, filter, rowsLimit, reversed }
   * ```
   */
  compile(mode: QueryMode = 'rows'): CompiledQuery {
    checkMode(this.node.meta.name, mode);
    const plan = this.plan(mode);
    return Object.freeze({ request: plan.request, notes: plan.notes });
  }

  /**
   * The plan as text: row set, filter tree, limits, client-side work and notes (of `count()`/`exists()` with
   * `mode`).
   *
   * @example
   * ```ts
   * console.log(q.explain());
   * ```
   */
  explain(mode?: QueryMode): string;
  /**
   * Runs the read (as `toArray()` would, the entities discarded) and reports what it cost next to the plan: rows
   * and cells received vs rows returned, bytes, requests, attempts, duration, and Bigtable's own RequestStats when
   * it sends them (it is asked for them).
   *
   * @example
   * ```ts
   * const analysis = await q.explain({ analyze: true });
   * console.log(analysis.text);
   * ```
   */
  explain(options: ExplainOptions): Promise<ExplainAnalysis>;
  explain(mode: QueryMode | ExplainOptions = 'rows'): string | Promise<ExplainAnalysis> {
    if (typeof mode === 'object') return this.analyze(mode);
    checkMode(this.node.meta.name, mode);
    return explainRead(this.compiled(mode, this.node));
  }

  private async analyze(options: ExplainOptions): Promise<ExplainAnalysis> {
    checkExplainOptions(`Query<${this.node.meta.name}>.explain`, options);
    const compiled = this.compiled('rows', this.node);
    if (compiled.kind !== 'entity' || !this.props.executor) throw noRepository(this.node.meta);
    let record: CallRecord | undefined;
    await this.props.executor.forEach(
      this.node.meta,
      compiled.plan,
      { ...this.options(true, undefined, this.props.skipReporter, 'find'), analyze: (r) => (record = r) },
      () => undefined,
    );
    return explainAnalysis(explainRead(compiled), record!);
  }

  private options(
    hydrate: boolean,
    signal: AbortSignal | undefined,
    report: SkippedRowReporter | undefined,
    operation: string,
  ): QueryExecuteOptions {
    return {
      hydrate,
      operation,
      signal: signal ?? this.props.call.signal,
      ...(this.props.call.timeoutMs === undefined ? {} : { timeoutMs: this.props.call.timeoutMs }),
      ...(report ? { onDecodeError: report } : {}),
    };
  }

  private run(
    plan: QueryPlan,
    hydrate: boolean,
    signal?: AbortSignal,
    report: SkippedRowReporter | undefined = this.props.skipReporter,
    operation = 'find',
  ): AsyncIterable<QueryRow> {
    if (!this.props.executor) throw noRepository(this.node.meta);
    return this.props.executor.execute(
      this.node.meta,
      plan,
      this.options(hydrate, signal, report, operation),
    );
  }

  /** Runs the plan to its end, handing each result row to `onRow` (no asynchronous step per row). */
  private each(
    plan: QueryPlan,
    hydrate: boolean,
    signal: AbortSignal | undefined,
    onRow: (key: Uint8Array, entity: object | undefined) => void,
    operation = 'find',
  ): Promise<void> {
    if (!this.props.executor) throw noRepository(this.node.meta);
    return this.props.executor.forEach(
      this.node.meta,
      plan,
      this.options(hydrate, signal, this.props.skipReporter, operation),
      onRow,
    );
  }

  /**
   * Iterates the results in key order (descending after `reverse()`); breaking out cancels the read.
   *
   * @example
   * ```ts
   * for await (const d of devices.find({ deviceType: 'phone' })) console.log(d.deviceId);
   * ```
   */
  [Symbol.asyncIterator](): AsyncIterator<R> {
    // A mapping iterator, not an async generator: a generator layer here costs a promise, a queued request and a
    // result object per row on a streaming scan (issue 30). The plan is made at the first `next()`, as before.
    let rows: AsyncIterator<QueryRow> | undefined;
    const entityOf = (result: IteratorResult<QueryRow>): IteratorResult<R> =>
      result.done === true ? DONE : { done: false, value: result.value.entity as R };
    return {
      next: (): Promise<IteratorResult<R>> => {
        try {
          rows ??= this.run(this.plan(), true)[Symbol.asyncIterator]();
        } catch (error) {
          return Promise.reject(error as Error);
        }
        return rows.next().then(entityOf);
      },
      return: async (): Promise<IteratorResult<R>> => {
        await rows?.return?.();
        return DONE;
      },
    };
  }

  /**
   * Every result, in order.
   *
   * @example
   * ```ts
   * const phones = await devices.find({ deviceType: 'phone' }).toArray();
   * ```
   */
  async toArray(signal?: AbortSignal): Promise<R[]> {
    checkStepSignal(`Query<${this.node.meta.name}>.toArray`, signal, true);
    const out: R[] = [];
    await this.each(this.plan(), true, signal, (_key, entity) => out.push(entity as R));
    return out;
  }

  /**
   * The first result, or undefined.
   *
   * @example
   * ```ts
   * const latest = await readings.find({ deviceId: 'd1' }).first();
   * ```
   */
  async first(): Promise<R | undefined> {
    for await (const row of this.run(
      this.plan('rows', queryNode(this.node.meta, { ...this.node, limit: 1 })),
      true,
    ))
      return row.entity as R;
    return undefined;
  }

  /**
   * How many rows match, reading keys only (values stripped) unless a condition must be checked on the client.
   *
   * @example
   * ```ts
   * const n = await devices.find({ deviceType: 'phone' }).count();
   * ```
   */
  async count(): Promise<number> {
    const plan = this.plan('count');
    let n = 0;
    await this.each(plan, residualProgram(plan.client).conditions.length > 0, undefined, () => n++, 'count');
    return n;
  }

  /**
   * Whether any row matches (at most one key read).
   *
   * @example
   * ```ts
   * if (await devices.find({ deviceType: 'phone' }).exists()) { ... }
   * ```
   */
  async exists(): Promise<boolean> {
    const plan = this.plan('exists');
    const keysOnly = residualProgram(plan.client).conditions.length === 0;
    for await (const row of this.run(plan, !keysOnly, undefined, this.props.skipReporter, 'exists')) {
      void row;
      return true;
    }
    return false;
  }

  /**
   * Up to `size` results and a cursor resuming exactly after the last one (same direction), usable from another
   * process with the same query; `cursor` is undefined when nothing follows.
   *
   * @example
   * ```ts
   * const { items, cursor } = await q.page(20);
   * const more = cursor ? await q.after(cursor).page(20) : undefined;
   * ```
   */
  async page(size: number): Promise<QueryPage<R>> {
    checkCount(this.node.meta.name, 'page', size);
    // One row more than the page tells whether a next page exists, so the last page never carries a cursor.
    const plan = this.plan('rows', queryNode(this.node.meta, { ...this.node, limit: size + 1 }));
    const rows: QueryRow[] = [];
    // The cursor resumes after the last row this page consumed, skipped rows included, so that a row skipped
    // between this page's last item and the look-ahead row is not read (and reported) again by the next page.
    let lastConsumed: Uint8Array | undefined;
    const report = this.props.skipReporter;
    const track: SkippedRowReporter | undefined = report
      ? (skipped) => {
          report(skipped);
          lastConsumed = skipped.key;
        }
      : undefined;
    for await (const row of this.run(plan, true, undefined, track)) {
      rows.push(row);
      if (rows.length > size) break;
      lastConsumed = row.key;
    }
    const items = rows.slice(0, size).map((r) => r.entity as R);
    if (rows.length <= size) return { items, cursor: undefined };
    const cursor = encodeCursor({
      lastKey: lastConsumed!,
      reversed: this.node.reverse,
      fingerprint: plan.fingerprint,
    });
    return { items, cursor };
  }
}
