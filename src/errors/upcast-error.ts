import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';
import type { RowErrorDetails } from './row-error-details.js';

/**
 * An upcast step failed on a row: the upcaster threw (its error is the `cause`), returned something that is not an
 * object, or changed a key part (a different key is a different row). Names the entity, the row and the step.
 *
 * @example
 * ```ts
 * try { await users.get({ userId: 'u1' }); }
 * catch (e) { if (e instanceof UpcastError) console.log(`step from v${e.fromVersion} failed`, e.cause); }
 * ```
 */
export class UpcastError extends BigtableMapperError implements RowErrorDetails {
  readonly entity: string;
  readonly key: Uint8Array;
  /** The `from` version of the step that failed. */
  readonly fromVersion: number;
  readonly problem: string;

  constructor(
    details: RowErrorDetails & { readonly fromVersion: number; readonly problem: string },
    cause?: unknown,
  ) {
    super(
      'UPCAST_FAILED',
      `${details.entity} with key "${printableKey(details.key)}": upcast step from version ${details.fromVersion} ${details.problem}`,
      cause === undefined ? {} : { cause },
    );
    this.entity = details.entity;
    this.key = details.key;
    this.fromVersion = details.fromVersion;
    this.problem = details.problem;
  }
}
