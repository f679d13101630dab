import type { SaveOptions } from '../mapping/build-save-mutations.js';
import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import type { CallPolicy } from '../transport/call-policy.js';
import type { BoundCall, BoundCallOptions } from '../transport/call-timeouts.js';
import { bindDeadline } from '../transport/call-timeouts.js';
import type { BatchTarget } from './batch/save-many.js';
import type { WriteTarget } from './write-target.js';

/**
 * Where every write of one entity runs, as a repository holds it: the connection, the physical table and the clock
 * (read at each write), the mapper's call policy, and its tuning (the repository's options object, read at each
 * write too).
 *
 * @example
 * ```ts
 * const site: WriteSite<Device> = { connection, meta, tableId: () => 'devices', now: Date.now, policy, tuning: {} };
 * ```
 */
export interface WriteSite<E extends object> {
  readonly connection: BigtableConnection;
  readonly meta: EntityMetadata<E>;
  readonly tableId: () => string;
  readonly now: () => number;
  readonly policy: CallPolicy;
  readonly tuning: {
    readonly onWarning?: ((warning: MappingWarning) => void) | undefined;
    readonly batchConcurrency?: number | undefined;
    readonly batchMaxBytes?: number | undefined;
  };
}

/**
 * The targets of one entity's writes: one per public call, its deadline fixed when the call begins.
 *
 * @example
 * ```ts
 * const writes = new WriteTargets(site);
 * await saveEntity(writes.of({ timeoutMs: 2_000 }), device, {}, writes.saveOptions);
 * ```
 */
export class WriteTargets<E extends object> {
  /** The options of every whole save (one object for all of them: a saveMany makes one save per entity). */
  readonly saveOptions: SaveOptions;

  constructor(private readonly site: WriteSite<E>) {
    this.saveOptions = { now: () => site.now() };
  }

  /** Where a write runs: connection, table, clock, the mapper's policy and this call's signal and deadline. */
  of(call: BoundCallOptions): WriteTarget<E> {
    return { ...this.place(), call: this.bind(call) };
  }

  /** Where a batch runs: as {@link WriteTargets.of}, with the mapper's batch tuning and no call yet. */
  batch(): BatchTarget<E> {
    const { tuning } = this.site;
    return {
      ...this.place(),
      concurrency: tuning.batchConcurrency ?? 4,
      maxRequestBytes: tuning.batchMaxBytes,
    };
  }

  /** What every write target shares: the table (as now named), the clock, the policy and the warning hook. */
  private place(): Omit<WriteTarget<E>, 'call'> {
    const { site } = this;
    return {
      connection: site.connection,
      tableId: site.tableId(),
      meta: site.meta,
      now: site.now,
      policy: site.policy,
      onWarning: site.tuning.onWarning,
    };
  }

  /** The call's deadline, fixed now (kept when already fixed): every RPC of the public call shares it. */
  bind(call: BoundCallOptions): BoundCall {
    return bindDeadline(call, this.site.policy.timeouts.totalMs);
  }
}
