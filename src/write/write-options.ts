import type { EntityClass } from '../metadata/entity-metadata.js';
import type { PerCallOptions } from '../transport/call-timeouts.js';

/**
 * Per-call options every repository read and write accepts: an AbortSignal, and an overall deadline in
 * milliseconds replacing `timeouts.totalMs` for this call.
 *
 * @example
 * ```ts
 * await devices.save(device, { signal: AbortSignal.timeout(2_000) });
 * ```
 */
export type CallOptions = PerCallOptions;

/** Options of {@link Repository.save}. */
export interface SaveEntityOptions extends CallOptions {
  /**
   * Also delete every cell the model does not know (DeleteFromRow first, in the same atomic mutation). By default
   * cells of unknown columns and families are left alone. Not allowed for a partially loaded entity.
   */
  readonly replaceRow?: boolean;
}

/** Options of {@link Repository.delete}. */
export interface DeleteEntityOptions extends CallOptions {
  /**
   * Delete only if the stored version is this one (OptimisticLockError otherwise); 0 = only if the row has no version
   * cell. Defaults to the version property of the entity passed as key, if set.
   */
  readonly expectedVersion?: bigint | number;
}

/** Options of {@link Repository.deleteByPrefix}. */
export interface DeleteByPrefixOptions extends CallOptions {
  /** Allow an empty prefix: every row of the entity. */
  readonly allowEntireEntity?: boolean;
  /**
   * Other entities whose rows lie under the prefix (hierarchical keys: a video's comments) and may be dropped with
   * it. Without them named, such a delete is refused before anything is sent.
   */
  readonly alsoDelete?: readonly EntityClass[];
}

/** Options of {@link Repository.update}. */
export interface UpdateEntityOptions extends CallOptions {
  /** Update only if the stored version is this one (OptimisticLockError otherwise); the version is advanced. */
  readonly expectedVersion?: bigint | number;
}

/** Options of {@link Repository.aggregate}. */
export interface AggregateCallOptions extends CallOptions {
  /** The time bucket (a Date, default the epoch: one all-time cell). */
  readonly bucket?: Date;
}
