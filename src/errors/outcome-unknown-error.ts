import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';

/** What an {@link OutcomeUnknownError} is about. */
export interface OutcomeUnknownDetails {
  /** The entity class name, when the write was made through a repository. */
  readonly entity?: string;
  readonly key: Uint8Array;
  /** The RPC whose answer never came, e.g. `MutateRow`. */
  readonly rpc: string;
  /** Why no answer came: a TransportError, DeadlineExceededError, AbortedError or ConnectionClosedError. */
  readonly cause: unknown;
}

/**
 * A write was sent to Bigtable and no answer came back (link cut, deadline, abort or close after sending): it may
 * or may not have been applied. The SDK never re-sends such a write blindly, because a re-send after another
 * writer's change would overwrite that later change. Read the row to find out, then decide.
 *
 * @example
 * ```ts
 * try { await devices.save(device); }
 * catch (e) { if (e instanceof OutcomeUnknownError) { const now = await devices.get(deviceKey); ... } }
 * ```
 */
export class OutcomeUnknownError extends BigtableMapperError {
  readonly entity: string | undefined;
  readonly key: Uint8Array;
  readonly rpc: string;

  constructor(details: OutcomeUnknownDetails) {
    const what = details.entity === undefined ? 'row' : details.entity;
    const reason = details.cause instanceof Error ? details.cause.message : String(details.cause);
    super(
      'OUTCOME_UNKNOWN',
      `${details.rpc} of ${what} with key "${printableKey(details.key)}" was sent but not answered; ` +
        `it may or may not have been applied (${reason})`,
      { cause: details.cause },
    );
    this.entity = details.entity;
    this.key = details.key;
    this.rpc = details.rpc;
  }
}
