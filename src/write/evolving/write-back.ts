import { BigtableMapperError } from '../../errors/bigtable-mapper-error.js';
import { InternalError } from '../../errors/internal-error.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { RowData } from '../../model/row-data.js';
import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import type { CallPolicy } from '../../transport/call-policy.js';
import type { OperationObserver } from '../../observe/observe-call.js';
import { rewriteRow } from './rewrite-row.js';
import type { RewriteOutcome } from './rewrite-row.js';
import type { WriteBackReport } from './write-back-report.js';

/** Rewrites in flight at once per repository, and rows waiting behind them before further ones are deferred. */
const CONCURRENCY = 4;
const MAX_QUEUED = 1_000;

/**
 * The write-back of one repository: rows a read upcast are rewritten at the current version in the background with
 * the conditional rewrite primitive, a few at a time. A conflict (someone wrote the row after the read) is dropped,
 * never retried over the newer write; no outcome ever fails the read. Each outcome goes to `report`, whose own
 * errors are ignored.
 *
 * @example
 * ```ts
 * const queue = new WriteBackQueue(conn, () => 'users', policy, Date.now, (r) => console.log(r.outcome.kind));
 * queue.offer(meta, row);
 * ```
 */
export class WriteBackQueue {
  private readonly waiting: Array<{ readonly meta: EntityMetadata; readonly row: RowData }> = [];
  private running = 0;

  constructor(
    private readonly connection: BigtableConnection,
    private readonly tableId: () => string,
    private readonly policy: CallPolicy,
    private readonly now: () => number,
    private readonly report: ((report: WriteBackReport) => void) | undefined,
    private readonly observer?: OperationObserver,
  ) {}

  /** Queues the rewrite of a row a read just upcast (whole: every family of the entity was read). */
  offer(meta: EntityMetadata, row: RowData): void {
    if (this.waiting.length >= MAX_QUEUED) {
      this.tell({ entity: meta.name, key: row.key, outcome: { kind: 'deferred' } });
      return;
    }
    this.waiting.push({ meta, row });
    this.pump();
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      this.running++;
      void this.rewrite(next.meta, next.row).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async rewrite(meta: EntityMetadata, row: RowData): Promise<void> {
    // Each rewrite is a call of its own (span, metrics, `call` event): it runs after the read that offered it.
    const record = this.observer?.begin({ operation: 'writeBack', entity: meta.name, table: this.tableId() });
    let outcome: RewriteOutcome;
    try {
      outcome = await rewriteRow(this.connection, this.tableId(), meta, row, {
        now: this.now,
        policy: this.policy,
      });
    } catch (error) {
      // rewriteRow returns library errors as outcomes; anything else is a bug, reported the same way.
      const wrapped =
        error instanceof BigtableMapperError ? error : new InternalError('write-back', String(error), error);
      outcome = { kind: 'failed', error: wrapped };
    }
    // A conflict (the row was written after the read) is the rewrite working as meant, not a failure.
    this.observer?.end(record, outcome.kind === 'failed' ? outcome.error : undefined);
    this.tell({ entity: meta.name, key: row.key, outcome });
  }

  private tell(report: WriteBackReport): void {
    try {
      this.report?.(report);
    } catch {
      // A failing report callback must not turn into an unhandled rejection of a read that already returned.
    }
  }
}
