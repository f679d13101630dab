import type { BigtableMapperError } from '../errors/bigtable-mapper-error.js';
import type { KeySpan } from './split-key-span.js';
import { keyFraction } from './split-key-span.js';
import { addCounts, resultCounts, ZERO_COUNTS } from './backfill-counts.js';
import type { BackfillCounts, BackfillProgress } from './backfill-types.js';
import type { RowResult } from './migrate-row.js';

/** Least time between two progress calls (ms). */
const EVERY_MS = 500;

/**
 * A run's counters and its position in each shard: the progress callback (throttled), rows/s and the ETA, the
 * report's counts and failures.
 *
 * @example
 * ```ts
 * const tracker = new BackfillProgressTracker(plan.shards, (p) => console.log(p.fraction), Date.now);
 * ```
 */
export class BackfillProgressTracker {
  private counts_: BackfillCounts = ZERO_COUNTS;
  private readonly failures_: Array<{ key: Uint8Array; error: BigtableMapperError }> = [];
  private readonly position: number[];
  private readonly done: boolean[];
  private readonly started: number;
  private startFraction = 0;
  private lastCall = -Infinity;

  constructor(
    private readonly shards: readonly KeySpan[],
    private readonly onProgress: ((progress: BackfillProgress) => void) | undefined,
    private readonly now: () => number,
  ) {
    this.position = shards.map(() => 0);
    this.done = shards.map(() => false);
    this.started = now();
  }

  /** One row handled by this run. */
  row(key: Uint8Array, result: RowResult): void {
    this.counts_ = addCounts(this.counts_, resultCounts(result));
    if (result.outcome === 'failed' && result.error) this.failures_.push({ key, error: result.error });
    this.maybeReport();
  }

  /** Every row of the shard up to `key` is handled. */
  advance(shard: number, key: Uint8Array): void {
    this.position[shard] = keyFraction(this.shards[shard]!, key);
  }

  shardDone(shard: number): void {
    this.position[shard] = 1;
    this.done[shard] = true;
  }

  /** Marks where this run starts (after the checkpoints of earlier runs were applied): the ETA's baseline. */
  begin(): void {
    this.startFraction = this.fraction();
  }

  counts(): BackfillCounts {
    return this.counts_;
  }

  failures(): ReadonlyArray<{ key: Uint8Array; error: BigtableMapperError }> {
    return this.failures_;
  }

  finish(): void {
    this.onProgress?.(this.progress());
  }

  private fraction(): number {
    return this.position.reduce((a, b) => a + b, 0) / Math.max(1, this.shards.length);
  }

  private maybeReport(): void {
    if (!this.onProgress) return;
    const now = this.now();
    if (now - this.lastCall < EVERY_MS) return;
    this.lastCall = now;
    this.onProgress(this.progress());
  }

  private progress(): BackfillProgress {
    const fraction = this.fraction();
    const seconds = Math.max(0.001, (this.now() - this.started) / 1000);
    const gained = fraction - this.startFraction;
    const handled = this.counts_.rowsRead;
    return {
      ...this.counts_,
      shards: this.shards.length,
      shardsDone: this.done.filter(Boolean).length,
      fraction,
      rowsPerSecond: handled / seconds,
      etaSeconds:
        gained > 0 && fraction < 1 ? (seconds * (1 - fraction)) / gained : fraction >= 1 ? 0 : undefined,
    };
  }
}
