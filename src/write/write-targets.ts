import { endObserved } from '../observe/observe-call.js';
import type { SaveOptions } from '../mapping/build-save-mutations.js';
import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import type { CallPolicy } from '../transport/call-policy.js';
import type { BoundCall, BoundCallOptions } from '../transport/call-timeouts.js';
import { bindDeadline } from '../transport/call-timeouts.js';
import type { CallObserver } from '../observe/call-observer.js';
import type { CallRecord } from '../observe/call-record.js';
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
  /** The mapper's observer: each public write is one observed call. */
  readonly observer?: CallObserver<MappingWarning> | undefined;
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

  /**
   * Runs one public write call (`save`, `update`, `increment`, …) on its target, observed: a span, metrics and a
   * `call` event when anyone listens, with every RPC of the write (retries, read-back) counted in its record.
   */
  run<T>(
    operation: string,
    call: BoundCallOptions,
    write: (target: WriteTarget<E>) => Promise<T>,
  ): Promise<T> {
    const record = this.begin(operation);
    const target = this.of(record === undefined ? call : { ...call, record });
    return record === undefined ? write(target) : this.observed(record, write(target));
  }

  /** {@link WriteTargets.run} for a batch (`saveMany`, `deleteMany`): the call's options carry the record. */
  runBatch<T, C extends BoundCallOptions>(
    operation: string,
    call: C,
    write: (target: BatchTarget<E>, call: C) => Promise<T>,
  ): Promise<T> {
    const record = this.begin(operation);
    if (record === undefined) return write(this.batch(), call);
    return this.observed(record, write(this.batch(), { ...call, record }));
  }

  private begin(operation: string): CallRecord | undefined {
    const { site } = this;
    return site.observer?.begin({ operation, entity: site.meta.name, table: site.tableId() });
  }

  private observed<T>(record: CallRecord, write: Promise<T>): Promise<T> {
    return endObserved(this.site.observer!, record, write);
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
