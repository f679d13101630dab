import { CallVetoedError } from '../errors/call-vetoed-error.js';
import type { CallInterceptor, CallOperation, InterceptedCall } from '../mapping/intercepted-call.js';
import { interceptedRows } from '../mapping/intercepted-rows.js';
import { runAfterLoad } from '../mapping/run-entity-hooks.js';
import type { EntityClass, EntityMetadata } from '../metadata/entity-metadata.js';
import type { CollectionExecutor, CollectionRow, QueryExecutor } from '../query/index.js';
import type { CallObserver } from '../observe/call-observer.js';
import type { CallInfo } from '../observe/call-record.js';

/** The parts of an {@link InterceptedCall} a call site knows; the gate fills in the rest. */
export interface CallRows {
  readonly keys?: readonly Uint8Array[];
  readonly ranges?: InterceptedCall['ranges'];
  readonly entities?: readonly object[];
}

const READS: ReadonlySet<CallOperation> = new Set([
  'get',
  'getMany',
  'lookup',
  'find',
  'scan',
  'has',
  'collection',
]);
const NONE: readonly never[] = Object.freeze([]);

type QueryRun = Parameters<QueryExecutor['execute']>;
type CollectionRun = Parameters<CollectionExecutor['execute']>;

/**
 * The one gate every public call of a mapper passes before it sends anything: it runs the mapper's interceptors
 * (a throw is a veto: CallVetoedError, nothing sent), and wraps the read executors so that each read is admitted
 * before its first request and each entity it returns gets its `@AfterLoad` hooks. Without interceptors it is not
 * on the path of a call at all (`admit` returns undefined; executors are handed on unwrapped unless an entity has
 * after-load hooks).
 *
 * @example
 * ```ts
 * const gate = new CallGate([(call) => console.log(call.operation)]);
 * await gate.admit('save', [Device], 'devices', { keys: [key], entities: [device] });
 * ```
 */
export class CallGate {
  private readonly interceptors: readonly CallInterceptor[];

  /**
   * `observer`: the mapper's, to which a read vetoed here is reported as a failed call (a write is vetoed inside its
   * observed call already); none for a gate outside a mapper.
   */
  constructor(
    interceptors: readonly CallInterceptor[] | undefined,
    private readonly observer?: Pick<CallObserver, 'begin' | 'end'>,
  ) {
    this.interceptors = interceptors === undefined ? NONE : [...interceptors];
  }

  /**
   * Admits a read, reporting a veto to the observer as the read's call (span, metrics, `call` event) failed with
   * CALL_VETOED: the read's own observation never began, since it begins with the read's first request.
   */
  private async admitRead(admission: Promise<void> | undefined, info: () => CallInfo): Promise<void> {
    try {
      await admission;
    } catch (error) {
      const { observer } = this;
      if (observer) observer.end(observer.begin(info()), error);
      throw error;
    }
  }

  /** Whether any interceptor is registered. */
  get active(): boolean {
    return this.interceptors.length > 0;
  }

  /**
   * Runs the interceptors in order on the call (the first veto stops it); undefined when there are none, so a call
   * without interceptors takes no asynchronous step here.
   */
  admit(
    operation: CallOperation,
    entityClasses: readonly EntityClass[],
    tableId: string,
    rows: CallRows,
  ): Promise<void> | undefined {
    if (this.interceptors.length === 0) return undefined;
    const call: InterceptedCall = Object.freeze({
      operation,
      kind: READS.has(operation) ? 'read' : 'write',
      entityClasses: Object.freeze([...entityClasses]),
      tableId,
      keys: Object.freeze((rows.keys ?? NONE).map((k) => new Uint8Array(k))),
      ranges: Object.freeze(
        (rows.ranges ?? NONE).map((r) =>
          Object.freeze({ start: new Uint8Array(r.start), end: new Uint8Array(r.end) }),
        ),
      ),
      entities: Object.freeze([...(rows.entities ?? NONE)]),
    });
    return this.run(call);
  }

  private async run(call: InterceptedCall): Promise<void> {
    for (const interceptor of this.interceptors) {
      try {
        await interceptor(call);
      } catch (error) {
        if (error instanceof CallVetoedError) throw error;
        const entity = call.entityClasses.map((c) => c.name).join(', ');
        throw new CallVetoedError({ operation: call.operation, entity, tableId: call.tableId }, error);
      }
    }
  }

  /**
   * `executor`, admitting each read as `operation` before it sends anything and running the after-load hooks of
   * each entity it returns (not for `has`, whose entity the caller never sees). The executor itself when neither is
   * needed.
   */
  queryExecutor(
    executor: QueryExecutor,
    operation: CallOperation,
    meta: EntityMetadata,
    tableId: string,
  ): QueryExecutor {
    const afterLoad = operation !== 'has' && meta.hooks !== undefined && meta.hooks.afterLoad.length > 0;
    if (!this.active && !afterLoad) return executor;
    const admit = (plan: QueryRun[1], options: QueryRun[2]): Promise<void> | undefined => {
      const admission = this.admit(
        operation,
        [meta.target],
        tableId,
        interceptedRows(plan.request ? [plan.request.rows] : []),
      );
      return admission && this.admitRead(admission, () => readInfo(options, 'find', meta.name, tableId));
    };
    const loaded = (entity: object | undefined): void => {
      if (afterLoad && entity !== undefined) runAfterLoad(meta, entity);
    };
    return {
      now: () => executor.now(),
      async *execute(...[rowMeta, plan, options]: QueryRun) {
        await admit(plan, options);
        for await (const row of executor.execute(rowMeta, plan, options)) {
          loaded(row.entity);
          yield row;
        }
      },
      async forEach(rowMeta, plan, options, onRow) {
        await admit(plan, options);
        await executor.forEach(rowMeta, plan, options, (key, entity) => {
          loaded(entity);
          onRow(key, entity);
        });
      },
    };
  }

  /**
   * A collection executor admitting each read before it sends anything and running each returned entity's
   * after-load hooks (its own class's).
   */
  collectionExecutor(executor: CollectionExecutor, tableIdOf: (table: string) => string): CollectionExecutor {
    const admit = (...args: Parameters<CallGate['admit']>): Promise<void> | undefined => this.admit(...args);
    const admitRead = this.admitRead.bind(this);
    const active = this.active;
    async function* gated(...[plan, options]: CollectionRun): AsyncGenerator<CollectionRow> {
      const metas = plan.members.map((m) => m.meta);
      const rows = interceptedRows(plan.requests.flatMap((r) => (r.request ? [r.request.rows] : [])));
      const table = tableIdOf(metas[0]!.table);
      const admission = admit(
        'collection',
        metas.map((m) => m.target),
        table,
        rows,
      );
      if (admission) await admitRead(admission, () => readInfo(options, 'collection', undefined, table));
      const byMember = new Map(plan.members.map((m) => [m.name, m.meta]));
      for await (const row of executor.execute(plan, options)) {
        const meta = byMember.get(row.member);
        if (meta?.hooks !== undefined && row.entity !== undefined) runAfterLoad(meta, row.entity);
        yield row;
      }
    }
    return {
      now: () => executor.now(),
      execute: (plan, options) =>
        // Neither interceptors nor after-load hooks: the rows go straight through.
        active || plan.members.some((m) => m.meta.hooks !== undefined)
          ? gated(plan, options)
          : executor.execute(plan, options),
    };
  }
}

/** A read's call as its executor observes it (see TableQueryExecutor, TableCollectionExecutor). */
function readInfo(
  options: { readonly operation?: string | undefined },
  operation: string,
  entity: string | undefined,
  table: string,
): CallInfo {
  return { operation: options.operation ?? operation, entity, table };
}
