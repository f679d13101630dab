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

/**
 * Expected values of an entity's plain column properties, for `ifUnchanged` (`undefined` or `null`: no cell). Map,
 * Set and `versioned` column properties are left out by type; key parts, counters and aggregates are refused when
 * called.
 */
type UnchangedValues<E> = {
  readonly [
    P in keyof E & string as NonNullable<E[P]> extends
      | ReadonlyMap<unknown, unknown>
      | ReadonlySet<unknown>
      | ReadonlyArray<{ readonly timestamp: Date }>
      // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
      | Function
      ? never
      : P
  ]?: E[P] | undefined;
};

/** Options of {@link Repository.delete}. */
export interface DeleteEntityOptions<E extends object = object> extends CallOptions {
  /**
   * Delete only if the stored version is this one (OptimisticLockError otherwise); 0 = only if the row has no version
   * cell. Defaults to the version property of the entity passed as key, if set.
   */
  readonly expectedVersion?: bigint | number;
  /**
   * Delete only while the row exists and each named column's newest cell holds exactly these values' bytes
   * (`undefined`: no cell); OptimisticLockError and nothing deleted otherwise. Not with a version check.
   */
  readonly ifUnchanged?: UnchangedValues<E>;
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
export interface UpdateEntityOptions<E extends object = object> extends CallOptions {
  /** Update only if the stored version is this one (OptimisticLockError otherwise); the version is advanced. */
  readonly expectedVersion?: bigint | number;
  /**
   * Compare-and-set: update only while the row exists and each named column's newest cell holds exactly these
   * values' bytes (`undefined`: no cell); OptimisticLockError and nothing written otherwise. One CheckAndMutateRow;
   * cell bytes are compared, never timestamps. Not together with `expectedVersion`.
   */
  readonly ifUnchanged?: UnchangedValues<E>;
}

/** Options of {@link Repository.aggregate}. */
export interface AggregateCallOptions extends CallOptions {
  /** The time bucket (a Date, default the epoch: one all-time cell). */
  readonly bucket?: Date;
}
