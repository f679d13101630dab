import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';

/**
 * What became of one entity of a batch: `written` (the service confirmed it, or reading the row back proved it),
 * `notWritten` (the service refused it, or it was never sent: nothing of it was applied) or `unknown` (it was
 * sent and no answer came: it may or may not have been applied).
 */
export type WriteOutcome = 'written' | 'notWritten' | 'unknown';

/** One entity of a batch that was not confirmed written, and why. */
export interface WriteFailure {
  /** Position of the entity in the input. */
  readonly index: number;
  readonly entity: string;
  readonly key: Uint8Array;
  readonly outcome: 'notWritten' | 'unknown';
  /** The per-entity error: a TransportError with the gRPC status, or a typed SDK error. */
  readonly cause: Error;
}

/**
 * Some entities of a batch were not confirmed written. `outcomes` holds one {@link WriteOutcome} per input entity,
 * in input order; `failures` lists every entity that is not `written`, with its cause. Each entity was written
 * atomically or not at all; `unknown` ones must be read back (or re-saved deliberately) by the caller.
 *
 * @example
 * ```ts
 * try {
 *   await devices.saveMany(input);
 * } catch (e) {
 *   if (e instanceof PartialWriteError) for (const f of e.failures) if (f.outcome === 'notWritten') retryLater(input[f.index]);
 * }
 * ```
 */
export class PartialWriteError extends BigtableMapperError {
  readonly failures: readonly WriteFailure[];
  readonly outcomes: readonly WriteOutcome[];
  /** How many entities were written. */
  readonly succeeded: number;

  constructor(outcomes: readonly WriteOutcome[], failures: readonly WriteFailure[]) {
    const written = outcomes.filter((o) => o === 'written').length;
    const notWritten = failures.filter((f) => f.outcome === 'notWritten').length;
    const unknown = failures.length - notWritten;
    const shown = failures
      .slice(0, 10)
      .map((f) => `  - #${f.index} ${f.entity} "${printableKey(f.key)}" ${f.outcome}: ${f.cause.message}`)
      .join('\n');
    const more = failures.length > 10 ? `\n  ... and ${failures.length - 10} more` : '';
    super(
      'PARTIAL_WRITE',
      `${failures.length} of ${outcomes.length} entities were not confirmed written ` +
        `(${written} written, ${notWritten} not written, ${unknown} outcome unknown):\n${shown}${more}`,
    );
    this.failures = Object.freeze([...failures]);
    this.outcomes = Object.freeze([...outcomes]);
    this.succeeded = written;
  }
}
