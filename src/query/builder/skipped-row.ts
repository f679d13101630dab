import type { KeyEncodingError } from '../../errors/key-encoding-error.js';
import type { SchemaVersionError } from '../../errors/schema-version-error.js';
import type { UpcastError } from '../../errors/upcast-error.js';
import type { ValidationError } from '../../errors/validation-error.js';
import type { ValueEncodingError } from '../../errors/value-encoding-error.js';

/**
 * A row a query skipped because it could not be decoded (with `onDecodeError('skip', report)`): the entity it was
 * read as, its exact row key, and the error that would otherwise have ended the read (a `ValueEncodingError`
 * naming property, row and column, a `KeyEncodingError` for a key that does not decode, or for an entity with schema
 * evolution a `SchemaVersionError` / `UpcastError` for a row it cannot upcast, or for an entity with `validateOnRead`
 * a `ValidationError` for a row its validator refuses).
 *
 * @example
 * ```ts
 * const report = (row: SkippedRow): void => log.warn(`${row.entity} ${printableKey(row.key)}: ${row.error.message}`);
 * ```
 */
export interface SkippedRow {
  readonly entity: string;
  readonly key: Uint8Array;
  readonly error: ValueEncodingError | KeyEncodingError | SchemaVersionError | UpcastError | ValidationError;
}

/**
 * Called once per skipped row, in read order, before the next result is yielded. Whatever it throws ends the read
 * with that error.
 *
 * @example
 * ```ts
 * const skipped: SkippedRow[] = [];
 * const report: SkippedRowReporter = (row) => skipped.push(row);
 * ```
 */
export type SkippedRowReporter = (row: SkippedRow) => void;
