import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';
import type { RowErrorDetails } from './row-error-details.js';

/**
 * The row an operation needs does not exist (e.g. `getOrThrow`, `update` of a missing entity).
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof NotFoundError) console.log(e.entity, printableKey(e.key)); }
 * ```
 */
export class NotFoundError extends BigtableMapperError implements RowErrorDetails {
  readonly entity: string;
  readonly key: Uint8Array;

  constructor(details: RowErrorDetails) {
    super('NOT_FOUND', `${details.entity} with key "${printableKey(details.key)}" does not exist`);
    this.entity = details.entity;
    this.key = details.key;
  }
}
