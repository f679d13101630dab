import type { BigtableMapperError } from '../errors/bigtable-mapper-error.js';
import type { KeyInput } from '../mapping/key-input.js';

/**
 * Options of `mapper.backfill(Entity, options)`: which rows, how the work is split and paced, and what is reported.
 *
 * @example
 * ```ts
 * const options: BackfillOptions<Device> = { id: 'users-to-v3', shards: 4, concurrency: 8, rowsPerSecond: 500 };
 * ```
 */
export interface BackfillOptions<E> {
  /**
   * Names the backfill's checkpoints (letters, digits, `.`, `_`, `-`; at most 100). Processes given the same id
   * share one plan. Default `<Entity>-to-v<version>`.
   */
  readonly id?: string | undefined;
  /** Only rows under these leading key parts (e.g. one tenant). Default: every row of the entity. */
  readonly prefix?: KeyInput<E> | undefined;
  /** Shards of a new plan (ignored once a plan is stored). Default 4. */
  readonly shards?: number | undefined;
  /** Shards this process works at once. Default: all of them, at most 4. */
  readonly parallelShards?: number | undefined;
  /** Rows being rewritten at once in this process (over all its shards). Default 8. */
  readonly concurrency?: number | undefined;
  /** Rows per second this process handles at most (a token bucket). Default: no limit. */
  readonly rowsPerSecond?: number | undefined;
  /** Count rows per schema version and upcast a sample, writing nothing at all (no checkpoint either). */
  readonly dryRun?: boolean | undefined;
  /** Dry run: how many upcast results to return. Default 5. */
  readonly sample?: number | undefined;
  /**
   * Let the server drop rows already at the current version (a condition filter on the version cell), so a resumed
   * or repeated run reads only what is left. Default true; a dry run reads every row to count it.
   */
  readonly skipCurrent?: boolean | undefined;
  /** Fresh reads and rewrites of one row after its rewrite met a concurrent write. Default 5. */
  readonly maxConflictRetries?: number | undefined;
  /**
   * How long a shard stays claimed without a checkpoint from its owner (ms). Past it another process takes the
   * shard over; it only decides liveness: every rewrite is conditional. Default 30 000.
   */
  readonly leaseMs?: number | undefined;
  /** The name this process claims shards under. A process restarted with the same name resumes its own shards at
   * once instead of waiting for their leases. Default: random. */
  readonly owner?: string | undefined;
  /** A checkpoint after this many rows of a shard (and at least every third of the lease). Default 500. */
  readonly checkpointEveryRows?: number | undefined;
  /** Called about twice a second and at the end. */
  readonly onProgress?: ((progress: BackfillProgress) => void) | undefined;
  /** Called once per row handled: what happened to it. */
  readonly onRow?: ((event: BackfillRowEvent) => void) | undefined;
  /** Stops the run: rows in flight finish, the checkpoints are kept, and `run()` rejects with an AbortedError. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * What a backfill did to one row.
 *
 * @example
 * ```ts
 * const onRow = (e: BackfillRowEvent) => { if (e.outcome === 'failed') console.error(e.error?.message); };
 * ```
 */
export interface BackfillRowEvent {
  readonly key: Uint8Array;
  /** `migrated` (rewritten at the current version), `skipped` (already current, or gone) or `failed`. */
  readonly outcome: 'migrated' | 'skipped' | 'failed';
  /** The version the row was read at. */
  readonly fromVersion?: number | undefined;
  readonly error?: BigtableMapperError | undefined;
}

/**
 * Counters of a backfill.
 *
 * @example
 * ```ts
 * const { migrated, failed } = (await job.status()).total;
 * ```
 */
export interface BackfillCounts {
  /** Rows read (rows the server dropped as already current are not read). */
  readonly rowsRead: number;
  readonly migrated: number;
  readonly skipped: number;
  readonly failed: number;
  /** Rewrites that met a concurrent write and were retried from a fresh read. */
  readonly conflictsRetried: number;
}

/**
 * Progress of a run, for a progress bar.
 *
 * @example
 * ```ts
 * const onProgress = (p: BackfillProgress) => console.log(`${Math.round(p.fraction * 100)}% ${p.rowsPerSecond} rows/s`);
 * ```
 */
export interface BackfillProgress extends BackfillCounts {
  readonly shards: number;
  readonly shardsDone: number;
  /** How much of the key space is done, 0..1 (from each shard's position in its key range). */
  readonly fraction: number;
  /** Rows handled per second by this run so far. */
  readonly rowsPerSecond: number;
  /** Seconds left at this run's pace; undefined until it can be estimated. */
  readonly etaSeconds: number | undefined;
}

/**
 * One shard of a plan: a half-open run of row keys `[start, end)`.
 *
 * @example
 * ```ts
 * const first = (await job.plan()).shards[0];
 * ```
 */
export interface BackfillShard {
  readonly index: number;
  readonly start: Uint8Array;
  /** Absent: to the end of the table. */
  readonly end?: Uint8Array | undefined;
}

/**
 * A backfill's plan: the shards every process works.
 *
 * @example
 * ```ts
 * const plan = await job.plan();
 * console.log(plan.shards.length, plan.method);
 * ```
 */
export interface BackfillPlan {
  readonly id: string;
  readonly entity: string;
  readonly table: string;
  /** The schema version rows are migrated to. */
  readonly targetVersion: number;
  readonly shards: readonly BackfillShard[];
  /** `stored`: read from the checkpoints (another call made it); `samples`/`even`: how new cuts were chosen. */
  readonly method: 'stored' | 'samples' | 'even';
}

/**
 * The result of `run()`: this call's counts, rows that failed with their errors, and for a dry run the rows per
 * schema version and a sample of upcast results.
 *
 * @example
 * ```ts
 * const report = await job.run();
 * for (const f of report.failed) console.error(printableKey(f.key), f.error.message);
 * ```
 */
export interface BackfillReport<E> extends BackfillCounts {
  readonly id: string;
  readonly dryRun: boolean;
  /** True when every shard is done (always true after a dry run). */
  readonly complete: boolean;
  /** Rows this call could not migrate (upcast errors, conflicts past the retry bound), with the error. */
  readonly failed: number;
  readonly failures: ReadonlyArray<{ readonly key: Uint8Array; readonly error: BigtableMapperError }>;
  /** Dry run: rows per schema version found (0 = no version cell). Empty otherwise. */
  readonly byVersion: Readonly<Record<number, number>>;
  /** Dry run: up to `sample` rows below the current version, upcast. Empty otherwise. */
  readonly samples: ReadonlyArray<{
    readonly key: Uint8Array;
    readonly fromVersion: number;
    readonly entity: E;
  }>;
  /** Counts of the whole backfill so far (every run and process), from the checkpoints. */
  readonly total: BackfillCounts;
}

/**
 * One shard's checkpoint.
 *
 * @example
 * ```ts
 * const stuck = (await mapper.backfill(Device).status()).shards.filter((s) => !s.done && s.owner !== null);
 * ```
 */
export interface BackfillShardStatus extends BackfillShard, BackfillCounts {
  /** Every row of the shard up to this key was handled; null before the first checkpoint. */
  readonly lastKey: Uint8Array | null;
  readonly done: boolean;
  /** The process working the shard, until its lease ends (`leaseUntil`, ms since the epoch). */
  readonly owner: string | null;
  readonly leaseUntil: number;
  /** Keys that failed, with their error messages. */
  readonly failedKeys: ReadonlyArray<{ readonly key: Uint8Array; readonly message: string }>;
}

/**
 * A backfill's checkpoints: per shard, and totals.
 *
 * @example
 * ```ts
 * const status = await job.status();
 * if (status.done) console.log('migrated', status.total.migrated);
 * ```
 */
export interface BackfillStatus {
  readonly id: string;
  /** False when no plan is stored yet (nothing ran). */
  readonly planned: boolean;
  readonly done: boolean;
  readonly shards: readonly BackfillShardStatus[];
  readonly total: BackfillCounts;
}

/**
 * A backfill of one entity: rewrites every row below the entity's current schema version at that version, in
 * shards several processes can share, resuming from checkpoints. Get one with `mapper.backfill(Entity, options)`.
 *
 * @example
 * ```ts
 * const backfill = mapper.backfill(Device, { id: 'users-to-v3', shards: 4, rowsPerSecond: 500 });
 * await backfill.plan();
 * const report = await backfill.run();
 * console.log(report.migrated, 'migrated;', report.failed, 'failed');
 * ```
 */
export interface Backfill<E> {
  /** The shards: the stored plan, or a new one stored now (a dry run stores nothing). */
  plan(): Promise<BackfillPlan>;
  /**
   * Works shards until every one is done (waiting for shards other processes hold until they finish or their
   * lease ends), resuming each from its checkpoint; a dry run scans everything and writes nothing.
   */
  run(): Promise<BackfillReport<E>>;
  /** The checkpoints: per shard and totals. */
  status(): Promise<BackfillStatus>;
}
