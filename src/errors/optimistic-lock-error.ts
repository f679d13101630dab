import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';
import type { RowErrorDetails } from './row-error-details.js';

/**
 * A versioned save or delete found another version than the one the entity was read with: someone else wrote the
 * row in between. Nothing was written; re-read, re-apply, retry.
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

  constructor(details: RowErrorDetails & { readonly expectedVersion: bigint | number | undefined }) {
    const expected =
      details.expectedVersion === undefined ? 'no stored version' : `version ${details.expectedVersion}`;
    super(
      'OPTIMISTIC_LOCK',
      `${details.entity} with key "${printableKey(details.key)}" was changed concurrently: expected ${expected}`,
    );
    this.entity = details.entity;
    this.key = details.key;
    this.expectedVersion = details.expectedVersion;
  }
}
