import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';

/** One entity of a batch that was not written, and why. */
export interface WriteFailure {
  /** Position of the entity in the input array. */
  readonly index: number;
  readonly entity: string;
  readonly key: Uint8Array;
  /** The per-entry error: a TransportError with the gRPC status, or a typed SDK error. */
  readonly cause: Error;
}

/**
 * Some entities of a batch were not written. Every failed entity is listed with its cause; every entity not
 * listed was committed (each one atomically).
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof PartialWriteError) for (const f of e.failures) retryLater(input[f.index]); }
 * ```
 */
export class PartialWriteError extends BigtableMapperError {
  readonly failures: readonly WriteFailure[];
  /** How many entities were committed. */
  readonly succeeded: number;

  constructor(failures: readonly WriteFailure[], succeeded: number) {
    const shown = failures
      .slice(0, 10)
      .map((f) => `  - #${f.index} ${f.entity} "${printableKey(f.key)}": ${f.cause.message}`)
      .join('\n');
    const more = failures.length > 10 ? `\n  ... and ${failures.length - 10} more` : '';
    super(
      'PARTIAL_WRITE',
      `${failures.length} of ${failures.length + succeeded} entities were not written:\n${shown}${more}`,
    );
    this.failures = Object.freeze([...failures]);
    this.succeeded = succeeded;
  }
}
