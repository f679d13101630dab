import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';
import type { RowErrorDetails } from './row-error-details.js';

/**
 * A versioned save or delete found another version than the one the entity was read with, or an `ifUnchanged`
 * update or delete found other values (or no row): someone else wrote the row in between. Nothing was written;
 * re-read, re-apply, retry.
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof OptimisticLockError) { const fresh = await repo.get(deviceKey); ... } }
 * ```
 */
export class OptimisticLockError extends BigtableMapperError implements RowErrorDetails {
  readonly entity: string;
  readonly key: Uint8Array;
  /** The version the write expected (undefined: expected no row yet). */
  readonly expectedVersion: bigint | number | undefined;
  /** The properties an `ifUnchanged` write expected unchanged (empty for a version check). */
  readonly unchangedProperties: readonly string[];

  constructor(
    details: RowErrorDetails & {
      readonly expectedVersion: bigint | number | undefined;
      readonly unchangedProperties?: readonly string[];
    },
  ) {
    const unchanged = details.unchangedProperties ?? [];
    const expected =
      unchanged.length > 0
        ? `the row to exist with ${unchanged.join(', ')} unchanged`
        : details.expectedVersion === undefined
          ? 'no stored version'
          : `version ${details.expectedVersion}`;
    super(
      'OPTIMISTIC_LOCK',
      `${details.entity} with key "${printableKey(details.key)}" was changed concurrently: expected ${expected}`,
    );
    this.entity = details.entity;
    this.key = details.key;
    this.expectedVersion = details.expectedVersion;
    this.unchangedProperties = unchanged;
  }
}
