import type { KeyRange } from './split-key-span.js';
import { bytesEqual } from '../codecs/key/bytes.js';
import { runPool } from '../write/batch/run-pool.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { AbortedError } from '../errors/aborted-error.js';
import { BigtableMapperError } from '../errors/bigtable-mapper-error.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import { foreignRows, registeredSiblings } from '../metadata/foreign-rows.js';
import type { RowFilter } from '../model/read-rows-request.js';
import { wholeEntityReadFilter } from '../query/index.js';
import { entityPrefixRanges } from '../query/index.js';
import type { KeySpan } from './split-key-span.js';
import { coveringSpan } from './split-key-span.js';
import { abortableSleep } from '../transport/abortable-sleep.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import type { CallPolicy } from '../transport/call-policy.js';
import type { BackfillCheckpoints, ShardCheckpoint } from './backfill-checkpoints.js';
import { BackfillProgressTracker } from './backfill-progress.js';
import type {
  Backfill,
  BackfillCounts,
  BackfillOptions,
  BackfillPlan,
  BackfillReport,
  BackfillStatus,
} from './backfill-types.js';
import type { StoredPlan } from './checkpoint-records.js';
import { inspectRow, migrateRow } from './migrate-row.js';
import type { RowResult } from './migrate-row.js';
import { planShards } from './plan-backfill.js';
import { resolveBackfillOptions } from './resolve-backfill-options.js';
import type { ResolvedBackfillOptions } from './resolve-backfill-options.js';
import { scanShard, Slots } from './scan-shard.js';
import type { OperationObserver } from '../observe/observe-call.js';
import { observeCall } from '../observe/observe-call.js';
import type { CallRecord } from '../observe/call-record.js';
import type { SettledRows, ShardScan } from './scan-shard.js';
import { currentVersionFilter } from './current-version-filter.js';
import { TokenBucket } from './token-bucket.js';
import { addCounts, countsOf, resultCounts, ZERO_COUNTS } from './backfill-counts.js';

/**
 * What a backfill runs on; `createBackfill` provides it.
 *
 * @example
 * ```ts
 * const deps: BackfillDeps<Device> = { connection, meta, tableId: 'users', policy, now: Date.now, checkpoints };
 * ```
 */
export interface BackfillDeps<E extends object> {
  readonly connection: BigtableConnection;
  readonly meta: EntityMetadata<E>;
  readonly tableId: string;
  readonly policy: CallPolicy;
  /** Wall clock (ms): lease expiry and write timestamps only. */
  readonly now: () => number;
  readonly checkpoints: BackfillCheckpoints;
  /** Observes the run and each shard's scan as calls of their own (spans, metrics); none: unobserved. */
  readonly observer?: OperationObserver;
}

function sameSpan(a: KeySpan, b: KeySpan): boolean {
  return (
    bytesEqual(a.start, b.start) &&
    (a.end === undefined ? b.end === undefined : b.end !== undefined && bytesEqual(a.end, b.end))
  );
}

/**
 * The backfill runner behind `backfill(mapper, ...)` and `mapper.backfill()` (see {@link Backfill}).
 *
 * @example
 * ```ts
 * const backfill = new BackfillRunner(deps, { id: 'users-to-v3' });
 * ```
 */
export class BackfillRunner<E extends object> implements Backfill<E> {
  private readonly options: ResolvedBackfillOptions<E>;
  private readonly ranges: KeyRange[];
  private readonly targetVersion: number;

  constructor(
    private readonly deps: BackfillDeps<E>,
    options: BackfillOptions<E>,
  ) {
    const evolution = deps.meta.evolution;
    if (!evolution)
      throw new InvalidArgumentError({
        api: 'Mapper.backfill',
        argument: 'entity',
        value: deps.meta.name,
        expected: 'an entity declaring a schema version (@Evolve or defineEntity({ evolution }))',
      });
    this.targetVersion = evolution.version;
    this.options = resolveBackfillOptions(deps.meta, evolution.version, options);
    this.ranges = entityPrefixRanges(deps.meta, options.prefix);
  }

  private get id(): string {
    return this.options.id;
  }

  private checkStored(stored: StoredPlan): void {
    const problems: string[] = [];
    if (stored.entity !== this.deps.meta.name) problems.push(`entity ${stored.entity}`);
    if (stored.table !== this.deps.tableId) problems.push(`table ${stored.table}`);
    if (stored.targetVersion !== this.targetVersion) problems.push(`target version ${stored.targetVersion}`);
    if (!sameSpan(stored.span, coveringSpan(this.ranges))) problems.push('another prefix');
    if (problems.length > 0)
      throw new InvalidArgumentError({
        api: 'Mapper.backfill',
        argument: 'options.id',
        value: this.id,
        expected: `an id not used by another backfill (its stored plan is for ${problems.join(', ')})`,
      });
  }

  private publicPlan(plan: StoredPlan, method: BackfillPlan['method']): BackfillPlan {
    return {
      id: plan.id,
      entity: plan.entity,
      table: plan.table,
      targetVersion: plan.targetVersion,
      shards: plan.shards.map((s, index) => ({ index, start: s.start, ...(s.end ? { end: s.end } : {}) })),
      method,
    };
  }

  private async newPlan(): Promise<{ plan: StoredPlan; method: 'samples' | 'even' }> {
    const { connection, tableId, meta, policy } = this.deps;
    const planned = await planShards(connection, tableId, this.ranges, this.options.shards, policy);
    const plan: StoredPlan = {
      id: this.id,
      entity: meta.name,
      table: tableId,
      targetVersion: this.targetVersion,
      span: planned.span,
      shards: planned.shards,
    };
    return { plan, method: planned.method };
  }

  async plan(): Promise<BackfillPlan> {
    if (this.options.dryRun) {
      const fresh = await this.newPlan();
      return this.publicPlan(fresh.plan, fresh.method);
    }
    const existing = await this.deps.checkpoints.loadPlan(this.id);
    if (existing) {
      this.checkStored(existing);
      return this.publicPlan(existing, 'stored');
    }
    const fresh = await this.newPlan();
    const stored = await this.deps.checkpoints.createPlan(fresh.plan);
    this.checkStored(stored);
    const ours =
      stored.shards.length === fresh.plan.shards.length &&
      stored.shards.every((s, i) => sameSpan(s, fresh.plan.shards[i]!));
    return this.publicPlan(stored, ours ? fresh.method : 'stored');
  }

  async status(): Promise<BackfillStatus> {
    const plan = await this.deps.checkpoints.loadPlan(this.id);
    if (!plan) return { id: this.id, planned: false, done: false, shards: [], total: ZERO_COUNTS };
    const checkpoints = await this.deps.checkpoints.shards(this.id);
    const shards = checkpoints.map((c) => {
      const span = plan.shards[c.index]!;
      return {
        index: c.index,
        start: span.start,
        ...(span.end ? { end: span.end } : {}),
        ...countsOf(c.state),
        lastKey: c.state.lastKey,
        done: c.state.done,
        owner: c.state.owner,
        leaseUntil: c.state.leaseUntil,
        failedKeys: c.failed,
      };
    });
    return {
      id: this.id,
      planned: true,
      done: shards.length === plan.shards.length && shards.every((s) => s.done),
      shards,
      total: shards.reduce<BackfillCounts>((sum, s) => addCounts(sum, s), ZERO_COUNTS),
    };
  }

  /** Counts a handled row and tells the caller's `onRow`. */
  private handled(tracker: BackfillProgressTracker, key: Uint8Array, result: RowResult): RowResult {
    tracker.row(key, result);
    this.options.onRow?.({
      key,
      outcome: result.outcome,
      fromVersion: result.fromVersion,
      error: result.error,
    });
    return result;
  }

  /** The filter of a fresh single-row read: the whole entity with old shapes and the version cell. */
  private readFilter(): RowFilter | undefined {
    return wholeEntityReadFilter(this.deps.meta, this.deps.now());
  }

  private scanOf(
    signal: AbortSignal | undefined,
    filter: RowFilter | undefined,
    handle: (row: Parameters<ShardScan['handle']>[0]) => Promise<RowResult>,
  ): ShardScan {
    const { connection, tableId, meta, policy } = this.deps;
    const foreign = foreignRows(meta, registeredSiblings(meta), this.ranges);
    const bucket =
      this.options.rowsPerSecond === undefined ? undefined : new TokenBucket(this.options.rowsPerSecond);
    return {
      connection,
      tableId,
      policy,
      ranges: this.ranges,
      filter,
      ...(foreign ? { isForeign: (key: Uint8Array) => foreign.isForeign(key) } : {}),
      slots: new Slots(this.options.concurrency),
      ...(bucket ? { pace: () => bucket.take(signal) } : {}),
      handle,
      ...(signal ? { signal } : {}),
    };
  }

  async run(): Promise<BackfillReport<E>> {
    const { dryRun } = this.options;
    return this.observed(dryRun ? 'backfill.dryRun' : 'backfill.run', (record) =>
      (dryRun ? this.dryRun(record) : this.migrate(record)).catch((error: unknown) => {
        throw this.asStopped(error);
      }),
    );
  }

  /**
   * The caller's stop, whichever await noticed it first (a worker's check, a pacing or lease sleep, the scan's read),
   * rejects as one AbortedError; the signal's own reason (a DOMException) is only its cause.
   */
  private asStopped(error: unknown): unknown {
    const signal = this.options.signal;
    if (!signal?.aborted || error instanceof BigtableMapperError) return error;
    return new AbortedError('backfill', signal.reason);
  }

  /**
   * One observed call of the backfill's entity and table: the run, or one shard's scan (a child of the run's span,
   * `parent`: passed, not taken from the active context, so that concurrent shards nest with no context manager).
   */
  private observed<T>(
    operation: string,
    run: (record: CallRecord | undefined) => Promise<T>,
    parent?: CallRecord,
  ): Promise<T> {
    const { observer, meta, tableId } = this.deps;
    return observeCall(observer, { operation, entity: meta.name, table: tableId }, run, parent);
  }

  private async dryRun(runRecord: CallRecord | undefined): Promise<BackfillReport<E>> {
    const { plan } = await this.newPlan();
    const byVersion: Record<number, number> = {};
    const samples: Array<{ key: Uint8Array; fromVersion: number; entity: E }> = [];
    const tracker = new BackfillProgressTracker(plan.shards, this.options.onProgress, () => this.deps.now());
    const scan = this.scanOf(this.options.signal, this.readFilter(), async (row) => {
      const result = inspectRow(this.deps.meta, this.targetVersion, row);
      if (result.fromVersion !== undefined)
        byVersion[result.fromVersion] = (byVersion[result.fromVersion] ?? 0) + 1;
      if (result.outcome === 'migrated' && samples.length < this.options.sample)
        samples.push({ key: row.key, fromVersion: result.fromVersion!, entity: result.entity as E });
      return this.handled(tracker, row.key, result);
    });
    await this.eachParallel(
      plan.shards.map(
        (span, index) => () =>
          this.observed(
            'backfill.shard',
            async () => {
              await scanShard(scan, span, null, async (done) => {
                tracker.advance(index, done.lastKey);
                return true;
              });
              tracker.shardDone(index);
            },
            runRecord,
          ),
      ),
    );
    tracker.finish();
    const counts = tracker.counts();
    return {
      id: this.id,
      dryRun: true,
      complete: true,
      ...counts,
      failures: tracker.failures(),
      byVersion,
      samples,
      total: counts,
    };
  }

  /** Runs the shard tasks on the one pool; after the first failure no further shard starts, and it is rethrown. */
  private async eachParallel(tasks: ReadonlyArray<() => Promise<void>>): Promise<void> {
    let failure: { error: unknown } | undefined;
    const guarded = tasks.map((task) => async (): Promise<void> => {
      if (failure) return;
      try {
        await task();
      } catch (error) {
        failure ??= { error };
      }
    });
    await runPool(guarded, this.options.parallelShards);
    if (failure) throw failure.error;
  }

  private async migrate(runRecord: CallRecord | undefined): Promise<BackfillReport<E>> {
    await this.plan();
    const stored = (await this.deps.checkpoints.loadPlan(this.id))!;
    const tracker = new BackfillProgressTracker(stored.shards, this.options.onProgress, () =>
      this.deps.now(),
    );
    for (const c of await this.deps.checkpoints.shards(this.id)) {
      if (c.state.done) tracker.shardDone(c.index);
      else if (c.state.lastKey) tracker.advance(c.index, c.state.lastKey);
    }
    tracker.begin();
    const filter = this.readFilter();
    const target = {
      connection: this.deps.connection,
      tableId: this.deps.tableId,
      meta: this.deps.meta as EntityMetadata,
      policy: this.deps.policy,
      now: this.deps.now,
      filter,
      maxConflictRetries: this.options.maxConflictRetries,
    };
    const scanFilter = this.options.skipCurrent
      ? currentVersionFilter(this.deps.meta, this.targetVersion, filter)
      : filter;
    // The first failure stops the other shards too (their checkpoints are kept), then is what run() rejects with.
    const halt = new AbortController();
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, halt.signal]) : halt.signal;
    const scan = this.scanOf(signal, scanFilter, async (row) => {
      const result = await migrateRow(target, row);
      return this.handled(tracker, row.key, result);
    });
    const working = new Set<number>();
    const worker = async (): Promise<void> => {
      for (;;) {
        signal.throwIfAborted();
        const shards = await this.deps.checkpoints.shards(this.id);
        const open = shards.filter((s) => !s.state.done);
        if (open.length === 0) return;
        const now = this.deps.now();
        const free = open.find(
          (s) =>
            !working.has(s.index) &&
            (s.state.owner === null || s.state.owner === this.options.owner || s.state.leaseUntil <= now),
        );
        if (!free) {
          if (open.every((s) => working.has(s.index))) return;
          await abortableSleep(Math.min(1_000, this.options.leaseMs / 4), signal);
          continue;
        }
        working.add(free.index);
        const claimed = await this.deps.checkpoints.update(this.id, free, {
          ...free.state,
          owner: this.options.owner,
          leaseUntil: now + this.options.leaseMs,
          seq: free.state.seq + 1,
        });
        if (!claimed) {
          working.delete(free.index);
          continue;
        }
        try {
          await this.observed(
            'backfill.shard',
            () => this.workShard(scan, stored.shards[free.index]!, claimed, tracker),
            runRecord,
          );
        } finally {
          working.delete(free.index);
        }
      }
    };
    let first: { error: unknown } | undefined;
    await Promise.all(
      Array.from({ length: this.options.parallelShards }, () =>
        worker().catch((error: unknown) => {
          first ??= { error };
          halt.abort(error);
        }),
      ),
    );
    if (first) throw first.error;
    tracker.finish();
    const status = await this.status();
    return {
      id: this.id,
      dryRun: false,
      complete: status.done,
      ...tracker.counts(),
      failures: tracker.failures(),
      byVersion: {},
      samples: [],
      total: status.total,
    };
  }

  /** Scans one claimed shard from its checkpoint, checkpointing as rows settle; false when it was taken over. */
  private async workShard(
    scan: ShardScan,
    span: KeySpan,
    claimed: ShardCheckpoint,
    tracker: BackfillProgressTracker,
  ): Promise<void> {
    const { checkpoints, now } = this.deps;
    const { owner, leaseMs, checkpointEveryRows } = this.options;
    let current = claimed;
    let delta: BackfillCounts = ZERO_COUNTS;
    let failed: Array<{ key: Uint8Array; message: string }> = [];
    let lastKey = claimed.state.lastKey;
    let rows = 0;
    let written = now();
    const persist = async (done: boolean): Promise<boolean> => {
      const s = current.state;
      const next = {
        ...s,
        ...addCounts(countsOf(s), delta),
        lastKey,
        done,
        owner: done ? null : owner,
        leaseUntil: done ? 0 : now() + leaseMs,
        seq: s.seq + 1,
      };
      const updated = await checkpoints.update(this.id, current, next, failed);
      if (!updated) return false;
      current = updated;
      delta = ZERO_COUNTS;
      failed = [];
      rows = 0;
      written = now();
      return true;
    };
    const settled = async (done: SettledRows): Promise<boolean> => {
      for (const { key, result } of done.results) {
        if (!result) continue;
        delta = addCounts(delta, resultCounts(result));
        if (result.outcome === 'failed') failed.push({ key, message: result.error?.message ?? 'failed' });
      }
      lastKey = done.lastKey;
      rows += done.results.length;
      tracker.advance(current.index, done.lastKey);
      if (rows >= checkpointEveryRows || now() - written >= leaseMs / 3) return persist(false);
      return true;
    };
    let outcome: 'done' | 'stopped';
    try {
      outcome = await scanShard(scan, span, claimed.state.lastKey, settled);
    } catch (error) {
      // Keep what was handled before the failure; the failure itself is what the caller sees.
      await persist(false).catch(() => undefined);
      throw error;
    }
    if (outcome === 'done' && (await persist(true))) tracker.shardDone(current.index);
  }
}
