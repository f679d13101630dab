import type { BackfillCounts } from './backfill-types.js';
import type { RowResult } from './migrate-row.js';

/** No rows yet. */
export const ZERO_COUNTS: BackfillCounts = Object.freeze({
  rowsRead: 0,
  migrated: 0,
  skipped: 0,
  failed: 0,
  conflictsRetried: 0,
});

/**
 * The counters of anything holding them (a shard state, a status), and nothing else.
 *
 * @example
 * ```ts
 * const counts = countsOf(checkpoint.state);
 * ```
 */
export function countsOf(c: BackfillCounts): BackfillCounts {
  return {
    rowsRead: c.rowsRead,
    migrated: c.migrated,
    skipped: c.skipped,
    failed: c.failed,
    conflictsRetried: c.conflictsRetried,
  };
}

/**
 * The sum of two sets of counters.
 *
 * @example
 * ```ts
 * const total = addCounts(ZERO_COUNTS, { rowsRead: 1, migrated: 1, skipped: 0, failed: 0, conflictsRetried: 0 });
 * ```
 */
export function addCounts(a: BackfillCounts, b: BackfillCounts): BackfillCounts {
  return {
    rowsRead: a.rowsRead + b.rowsRead,
    migrated: a.migrated + b.migrated,
    skipped: a.skipped + b.skipped,
    failed: a.failed + b.failed,
    conflictsRetried: a.conflictsRetried + b.conflictsRetried,
  };
}

/**
 * The counters of one row's result.
 *
 * @example
 * ```ts
 * delta = addCounts(delta, resultCounts(result));
 * ```
 */
export function resultCounts(result: RowResult): BackfillCounts {
  return {
    rowsRead: 1,
    migrated: result.outcome === 'migrated' ? 1 : 0,
    skipped: result.outcome === 'skipped' ? 1 : 0,
    failed: result.outcome === 'failed' ? 1 : 0,
    conflictsRetried: result.conflicts,
  };
}
