import { BigtableMapperError } from './bigtable-mapper-error.js';

/** What a {@link CallVetoedError} is about. */
export interface CallVetoedDetails {
  /** The public call that was refused (`get`, `find`, `save`, `saveMany`, …). */
  readonly operation: string;
  /** Entity class name (for a collection read, its members' names joined with `, `). */
  readonly entity: string;
  /** The physical table the call would have used. */
  readonly tableId: string;
}

/**
 * A call interceptor (`interceptors` of the mapper's options) refused a call: nothing was sent. The message carries
 * the interceptor's reason (its error's message); the interceptor's error is the `cause`. An interceptor that throws
 * a CallVetoedError itself has it passed through unchanged.
 *
 * @example
 * ```ts
 * try { await devices.save(device); }
 * catch (e) { if (e instanceof CallVetoedError) console.log(`${e.operation} refused: ${e.reason}`); }
 * ```
 */
export class CallVetoedError extends BigtableMapperError {
  /** The public call that was refused. */
  readonly operation: string;
  /** Entity class name (a collection's member names joined with `, `). */
  readonly entity: string;
  /** The physical table the call would have used. */
  readonly tableId: string;
  /** The interceptor's reason: its error's message, or the thrown value printed. */
  readonly reason: string;

  constructor(details: CallVetoedDetails, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'CALL_VETOED',
      `${details.operation} of ${details.entity} (table ${details.tableId}) was vetoed by an interceptor: ${reason}`,
      { cause },
    );
    this.operation = details.operation;
    this.entity = details.entity;
    this.tableId = details.tableId;
    this.reason = reason;
  }
}
