import { BigtableMapperError, printableKey } from '../../index.js';
import type { BackfillPlan, BackfillReport, BackfillStatus } from '../../backfill/index.js';
import { formatTable } from '../format-table.js';
import { cellText, jsonValue } from '../json-value.js';

/** At most this many failed keys are listed in text output (all of them with --json). */
const LISTED = 20;

const keyText = (key: Uint8Array | null | undefined, none: string): string =>
  key === null || key === undefined ? none : printableKey(key);

/**
 * A plan, report or status as JSON: keys as printable text (`\xNN` escapes), errors as `{ code, message }`, entities
 * as {@link jsonValue} renders them.
 *
 * @example
 * ```ts
 * outJson(io, backfillJson(await job.status()));
 * ```
 */
export function backfillJson(value: unknown): unknown {
  if (value instanceof Uint8Array) return printableKey(value);
  if (value instanceof BigtableMapperError) return { code: value.code, message: value.message };
  if (Array.isArray(value)) return value.map(backfillJson);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined && typeof v !== 'function')
        .map(([k, v]) => [k, backfillJson(v)]),
    );
  return jsonValue(value);
}

/**
 * A plan as text: one line per shard.
 *
 * @example
 * ```ts
 * out(io, formatBackfillPlan(await job.plan()));
 * ```
 */
export function formatBackfillPlan(plan: BackfillPlan): string {
  const how = {
    stored: 'stored earlier',
    samples: 'cut at SampleRowKeys split points',
    even: 'even splits of the key space (too few split points)',
  }[plan.method];
  return [
    `Backfill ${plan.id}: ${plan.entity} in table ${plan.table} to schema version ${plan.targetVersion}`,
    `${plan.shards.length} shard(s), ${how}:`,
    formatTable(
      ['shard', 'start', 'end'],
      plan.shards.map((s) => [
        String(s.index),
        keyText(s.start, '(table start)'),
        keyText(s.end, '(table end)'),
      ]),
    ),
  ].join('\n');
}

/**
 * A run's report as text: counts, failed keys (the first 20), and for a dry run the rows per version and samples.
 *
 * @example
 * ```ts
 * out(io, formatBackfillReport(await job.run()));
 * ```
 */
export function formatBackfillReport(report: BackfillReport<object>): string {
  const lines: string[] = [];
  if (report.dryRun) {
    lines.push(`Dry run of ${report.id}: ${report.rowsRead} row(s) read, nothing written`);
    for (const [version, count] of Object.entries(report.byVersion))
      lines.push(`  version ${version}: ${count} row(s)`);
    lines.push(
      `would migrate ${report.migrated}, already current ${report.skipped}, would fail ${report.failed}`,
    );
    for (const s of report.samples)
      lines.push(`  sample ${printableKey(s.key)} (from v${s.fromVersion}): ${cellText(s.entity)}`);
  } else {
    lines.push(
      `Backfill ${report.id}: ${report.migrated} migrated, ${report.skipped} skipped, ${report.failed} failed, ` +
        `${report.conflictsRetried} conflict(s) retried (${report.rowsRead} row(s) read)`,
    );
    lines.push(
      report.complete
        ? `complete: ${report.total.migrated} migrated in all runs`
        : 'not complete: other processes hold shards, or the run was stopped',
    );
  }
  for (const f of report.failures.slice(0, LISTED))
    lines.push(`  failed ${printableKey(f.key)}: ${f.error.message.split('\n', 1)[0]}`);
  if (report.failures.length > LISTED)
    lines.push(`  … and ${report.failures.length - LISTED} more (--json lists all)`);
  return lines.join('\n');
}

/**
 * A status as text: one line per shard.
 *
 * @example
 * ```ts
 * out(io, formatBackfillStatus(await job.status()));
 * ```
 */
export function formatBackfillStatus(status: BackfillStatus): string {
  if (!status.planned) return `Backfill ${status.id}: not planned yet (nothing ran)`;
  const t = status.total;
  return [
    `Backfill ${status.id}: ${status.done ? 'done' : 'in progress'}; ${t.migrated} migrated, ${t.skipped} skipped, ` +
      `${t.failed} failed, ${t.conflictsRetried} conflict(s) retried`,
    formatTable(
      ['shard', 'done', 'last key', 'migrated', 'skipped', 'failed', 'owner'],
      status.shards.map((s) => [
        String(s.index),
        s.done ? 'yes' : 'no',
        keyText(s.lastKey, '-'),
        String(s.migrated),
        String(s.skipped),
        String(s.failed),
        s.owner ?? '-',
      ]),
    ),
    ...status.shards.flatMap((s) =>
      s.failedKeys
        .slice(0, LISTED)
        .map((f) => `  failed ${printableKey(f.key)}: ${f.message.split('\n', 1)[0]}`),
    ),
  ].join('\n');
}
