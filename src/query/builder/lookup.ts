import { QueryError } from '../../errors/query-error.js';
import { checkArray, checkFunction, checkObject } from '../../errors/check-argument.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { checkStepSignal, checkStepTimeout } from './builder-arguments.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { QueryPlan } from '../compiler/compile-query.js';
import { compileRead } from '../compiler/compile-read.js';
import { explainRead } from '../explain/explain-read.js';
import type { ExplainAnalysis, ExplainOptions } from '../explain/explain-analysis.js';
import { checkExplainOptions, explainAnalysis } from '../explain/explain-analysis.js';
import { CallRecord } from '../../observe/call-record.js';
import type { VersionsNode } from '../nodes/query-node.js';
import { keysNode } from '../nodes/read-node.js';
import type { KeysNode } from '../nodes/read-node.js';
import type { CompiledQuery } from './query.js';
import type { QueryCallOptions, QueryExecutor } from '../executor/query-executor.js';
import type { ReadProps } from './read-props.js';
import { readNow, readProps } from './read-props.js';
import { compileOnlyExecutor } from './compile-only-executor.js';

/**
 * A read of whole entities by full key (what `get` and `getMany` send): one ReadRows, results aligned with the keys
 * (undefined where a row is absent). Immutable like `Query`; `compile()` and `explain()` show the request.
 *
 * @example
 * ```ts
 * const [a, b] = await devices.lookup([{ deviceId: 'a' }, { deviceId: 'b' }]).toArray();
 * console.log(devices.lookup([{ deviceId: 'a' }]).explain());
 * ```
 */
export class Lookup<E extends object> {
  /**
   * Used by the repository, which encodes the keys and provides the executor.
   *
   * @internal The read tree and executor are not part of the published types.
   */
  constructor(node: KeysNode, executor?: QueryExecutor, call: QueryCallOptions = {}) {
    this.props = readProps(node, executor, call);
  }

  /** Everything a step carries forward (tree, executor, call options), frozen. */
  private readonly props: ReadProps<KeysNode, QueryExecutor>;

  /**
   * The frozen read tree.
   *
   * @internal
   */
  get node(): KeysNode {
    return this.props.node;
  }

  /** This lookup with one part of its props changed and every other part carried over. */
  private step(patch: Partial<ReadProps<KeysNode, QueryExecutor>>): Lookup<E> {
    // Object.assign, not spreads: on Node 20 a spread literal takes a slow path (see summaryOf in call-observer.ts),
    // and every `get` steps its lookup.
    const { node, executor, call } = Object.assign({}, this.props, patch);
    return new Lookup<E>(node, executor, call);
  }

  /**
   * A lookup of encoded keys for compiling or explaining without a repository (running it throws); `now` fixes the
   * clock of GC-hiding filters.
   *
   * @example
   * ```ts
   * Lookup.over(getEntityMetadata(Device), [key], { now: () => 0 }).explain();
   * ```
   */
  static over<E extends object>(
    meta: EntityMetadata<E>,
    keys: readonly Uint8Array[],
    options: { readonly now?: () => number } = {},
  ): Lookup<E> {
    const api = 'Lookup.over';
    checkObject({ api, argument: 'meta' }, meta, 'entity metadata (getEntityMetadata(Class))');
    checkArray({ api, argument: 'keys' }, keys, 'an array of encoded row keys (Uint8Array)');
    keys.forEach((key, i) => {
      if (!(key instanceof Uint8Array))
        throw new InvalidArgumentError({
          api,
          argument: `keys[${i}]`,
          value: key,
          expected: 'a Uint8Array row key',
        });
    });
    checkObject({ api, argument: 'options' }, options);
    const { now } = options;
    if (now !== undefined) checkFunction({ api, argument: 'options.now' }, now);
    return new Lookup<E>(
      keysNode(meta, keys),
      now === undefined
        ? undefined
        : compileOnlyExecutor(
            now,
            () => new QueryError({ entity: meta.name, problem: 'this lookup has no repository to run on' }),
          ),
    );
  }

  /**
   * Reads, of every versioned property, the newest `latest` cells with timestamps in `[since, until)`.
   *
   * @example
   * ```ts
   * const [video] = await videos.lookup([{ videoId: 'v1' }]).versions({ latest: 10 }).toArray();
   * ```
   */
  versions(window: VersionsNode): Lookup<E> {
    return this.step({ node: keysNode(this.node.meta, this.node.keys, window) });
  }

  /**
   * Runs the lookup under this AbortSignal: aborting cancels the read and ends it with an AbortedError. The second
   * argument, a deadline in milliseconds, is the older form of {@link Lookup.timeout}; without it the lookup keeps
   * any deadline set before.
   *
   * @example
   * ```ts
   * await devices.lookup([key]).signal(AbortSignal.timeout(1000)).timeout(5_000).toArray();
   * ```
   */
  signal(signal: AbortSignal | undefined, timeoutMs?: number): Lookup<E> {
    checkStepSignal(`Lookup<${this.node.meta.name}>.signal`, signal, true);
    if (timeoutMs !== undefined) checkStepTimeout(`Lookup<${this.node.meta.name}>.signal`, timeoutMs);
    return this.step({
      call: Object.assign({}, this.props.call, timeoutMs === undefined ? { signal } : { signal, timeoutMs }),
    });
  }

  /**
   * Gives the lookup an overall deadline in milliseconds (replacing the mapper's `timeouts.totalMs`), as
   * `Query.timeout` does; the signal set before is kept.
   *
   * @example
   * ```ts
   * await devices.lookup([key]).timeout(2_000).toArray();
   * ```
   */
  timeout(ms: number): Lookup<E> {
    checkStepTimeout(`Lookup<${this.node.meta.name}>.timeout`, ms);
    return this.step({ call: { ...this.props.call, timeoutMs: ms } });
  }

  private plan(): QueryPlan {
    const compiled = compileRead(this.node, readNow(this.props));
    if (compiled.kind !== 'entity')
      throw new QueryError({ entity: this.node.meta.name, problem: 'a lookup compiles to one entity read' });
    return compiled.plan;
  }

  /**
   * The ReadRows request (row keys sorted, each once) and notes.
   *
   * @example
   * ```ts
   * const { request } = devices.lookup([key]).compile();
   * ```
   */
  compile(): CompiledQuery {
    const plan = this.plan();
    return Object.freeze({ request: plan.request, notes: plan.notes });
  }

  /**
   * The plan as text.
   *
   * @example
   * ```ts
   * console.log(devices.lookup([key]).explain());
   * ```
   */
  explain(): string;
  /**
   * Runs the lookup and reports what it cost next to the plan (see `Query.explain({ analyze: true })`).
   *
   * @example
   * ```ts
   * console.log((await devices.lookup([key]).explain({ analyze: true })).text);
   * ```
   */
  explain(options: ExplainOptions): Promise<ExplainAnalysis>;
  explain(options?: ExplainOptions): string | Promise<ExplainAnalysis> {
    if (options === undefined)
      return explainRead({ kind: 'entity', meta: this.node.meta, plan: this.plan() });
    return this.analyze(options);
  }

  private async analyze(options: ExplainOptions): Promise<ExplainAnalysis> {
    checkExplainOptions(`Lookup<${this.node.meta.name}>.explain`, options);
    const plan = this.plan();
    if (!this.props.executor)
      throw new QueryError({
        entity: this.node.meta.name,
        problem: 'this lookup has no repository to run on',
      });
    let record: CallRecord | undefined;
    if (this.node.keys.length === 0) {
      // Nothing to send: the plan, and an empty run.
      record = new CallRecord({ operation: 'getMany', entity: this.node.meta.name, table: '' }, undefined);
      record.durationMs = 0;
    } else {
      await this.props.executor.forEach(
        this.node.meta,
        plan,
        {
          hydrate: true,
          signal: this.props.call.signal,
          timeoutMs: this.props.call.timeoutMs,
          operation: this.node.keys.length === 1 ? 'get' : 'getMany',
          analyze: (r) => (record = r),
        },
        () => undefined,
      );
    }
    return explainAnalysis(explainRead({ kind: 'entity', meta: this.node.meta, plan }), record!);
  }

  /**
   * The entities, aligned with the keys (undefined where absent; a repeated key gives the same entity each time).
   *
   * @example
   * ```ts
   * const [a, b] = await devices.lookup([ka, kb]).toArray();
   * ```
   */
  toArray(): Promise<Array<E | undefined>> {
    // Not an async function: a `get` passes through one promise here, not an async function's and its await's
    // (each a hook under a tracing context manager on Node 20). Every failure is still a rejection.
    try {
      return this.read();
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private read(): Promise<Array<E | undefined>> {
    if (this.node.keys.length === 0) return Promise.resolve([]);
    if (!this.props.executor)
      throw new QueryError({
        entity: this.node.meta.name,
        problem: 'this lookup has no repository to run on',
      });
    const { keys } = this.node;
    const run = (onRow: (key: Uint8Array, entity: object | undefined) => void): Promise<void> =>
      this.props.executor!.forEach(
        this.node.meta,
        this.plan(),
        {
          hydrate: true,
          signal: this.props.call.signal,
          timeoutMs: this.props.call.timeoutMs,
          operation: keys.length === 1 ? 'get' : 'getMany',
        },
        onRow,
      );
    if (keys.length === 1) {
      // A `get`: no key index to build, the one row that can come is compared to the key as bytes.
      const only = keys[0]!;
      let entity: E | undefined;
      return run((key, found) => {
        if (Buffer.compare(key, only) === 0) entity = found as E;
      }).then(() => [entity]);
    }
    const found = new Map<string, E>();
    return run((key, entity) => found.set(Buffer.from(key).toString('latin1'), entity as E)).then(() =>
      keys.map((k) => found.get(Buffer.from(k).toString('latin1'))),
    );
  }
}
