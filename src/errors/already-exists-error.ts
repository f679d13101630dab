import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';
import type { RowErrorDetails } from './row-error-details.js';

/**
 * `insert` found a row (any cell) under the entity's key; nothing was written.
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof AlreadyExistsError) console.log(e.entity, printableKey(e.key)); }
 * ```
 */
export class AlreadyExistsError extends BigtableMapperError implements RowErrorDetails {
  readonly entity: string;
  readonly key: Uint8Array;

  constructor(details: RowErrorDetails) {
    super('ALREADY_EXISTS', `${details.entity} with key "${printableKey(details.key)}" already exists`);
    this.entity = details.entity;
    this.key = details.key;
  }
}
