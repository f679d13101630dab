import type { KeyRange } from './split-key-span.js';
import type { RowFilter } from '../model/read-rows-request.js';
import type { RowData } from '../model/row-data.js';
import { toRowRange } from '../query/index.js';
import { intersectKeyRanges } from '../query/index.js';
import type { KeySpan } from './split-key-span.js';
import { spanRange } from './split-key-span.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { readRowBatches } from '../transport/read-rows.js';
import type { CallPolicy } from '../transport/call-policy.js';
import { callOptions } from '../transport/call-policy.js';
import type { RowResult } from './migrate-row.js';

/**
 * A counting semaphore: at most `size` holders at once, waiters served in order.
 *
 * @example
 * ```ts
 * const slots = new Slots(8);
 * await slots.acquire();
 * try { await work(); } finally { slots.release(); }
 * ```
 */
export class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.free = size;
  }

  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/**
 * What a shard scan needs: where to read, which rows, how to pace and how to handle each.
 *
 * @example
 * ```ts
 * const scan: ShardScan = { connection, tableId, policy, ranges, filter, slots, handle: (row) => migrateRow(target, row) };
 * ```
 */
export interface ShardScan {
  readonly connection: BigtableConnection;
  readonly tableId: string;
  readonly policy: CallPolicy;
  /** The entity's key ranges (under the backfill's prefix). */
  readonly ranges: readonly KeyRange[];
  readonly filter: RowFilter | undefined;
  /** Rows of other entities under the entity's prefix, skipped by key. */
  readonly isForeign?: ((key: Uint8Array) => boolean) | undefined;
  /** Rows in flight, shared by every shard of the process. */
  readonly slots: Slots;
  /** Waits for the rate limit's permission for one row. */
  readonly pace?: (() => Promise<void>) | undefined;
  readonly handle: (row: RowData) => Promise<RowResult>;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Rows handled, in key order: the batch a checkpoint may record, ending at its last key.
 *
 * @example
 * ```ts
 * const settle = (done: SettledRows) => console.log(done.results.length, 'rows up to', done.lastKey);
 * ```
 */
export interface SettledRows {
  readonly lastKey: Uint8Array;
  readonly results: ReadonlyArray<{ readonly key: Uint8Array; readonly result: RowResult | undefined }>;
}

/**
 * Reads a shard from after `after` to its end and hands each row to `handle`, up to the slots' concurrency.
 * `settled` is called, in key order, with each run of rows whose handling finished and every row before it
 * finished too (so a checkpoint at its last key never skips a row in flight); it may return `false` to stop the
 * scan (the shard was taken over). A failure of the read or of a handler stops the scan; rows in flight are let
 * finish and settled, then the failure is thrown.
 *
 * @example
 * ```ts
 * const outcome = await scanShard(scan, shard, null, async (done) => keepGoing(done.lastKey));
 * ```
 */
export async function scanShard(
  scan: ShardScan,
  shard: KeySpan,
  after: Uint8Array | null,
  settled: (rows: SettledRows) => Promise<boolean>,
): Promise<'done' | 'stopped'> {
  const bounds: KeyRange[] = [spanRange(shard)];
  if (after) bounds.push({ start: { key: after, inclusive: false } });
  const ranges = bounds.reduce<KeyRange[]>((acc, b) => intersectKeyRanges(acc, [b]), [...scan.ranges]);
  if (ranges.length === 0) return 'done';
  const request = {
    rows: { rowKeys: [], rowRanges: ranges.map(toRowRange) },
    ...(scan.filter ? { filter: scan.filter } : {}),
  };
  const pending: Array<{ key: Uint8Array; result: RowResult | undefined; done: boolean }> = [];
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let stop = false;
  let flushing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    flushing = flushing.then(async () => {
      let n = 0;
      while (n < pending.length && pending[n]!.done) n++;
      if (n === 0 || stop) return;
      const results = pending.splice(0, n).map(({ key, result }) => ({ key, result }));
      try {
        if (!(await settled({ lastKey: results[results.length - 1]!.key, results }))) stop = true;
      } catch (error) {
        failure ??= { error };
        stop = true;
      }
    });
    return flushing;
  };

  const readOptions = {
    ...callOptions(scan.policy),
    ...(scan.signal ? { signal: scan.signal } : {}),
  };
  try {
    outer: for await (const rows of readRowBatches(scan.connection, scan.tableId, request, readOptions)) {
      for (const row of rows) {
        if (stop || failure) break outer;
        if (scan.isForeign?.(row.key)) {
          pending.push({ key: row.key, result: undefined, done: true });
          continue;
        }
        await scan.slots.acquire();
        if (stop || failure) {
          scan.slots.release();
          break outer;
        }
        try {
          await scan.pace?.();
        } catch (error) {
          scan.slots.release();
          throw error;
        }
        const entry: (typeof pending)[number] = { key: row.key, result: undefined, done: false };
        pending.push(entry);
        const task: Promise<void> = scan
          .handle(row)
          .then(
            (result) => {
              entry.result = result;
              entry.done = true;
            },
            (error: unknown) => {
              failure ??= { error };
            },
          )
          .finally(() => {
            scan.slots.release();
            inFlight.delete(task);
            void flush();
          });
        inFlight.add(task);
      }
    }
  } catch (error) {
    failure ??= { error };
  }
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  await flush();
  await flushing;
  if (failure) throw failure.error;
  return stop ? 'stopped' : 'done';
}
