import { BigtableMapperError } from './bigtable-mapper-error.js';

/**
 * The caller's `AbortSignal` fired. `cause` is the signal's reason. A write aborted after it was sent ends with an
 * OutcomeUnknownError whose cause is this error instead.
 *
 * @example
 * ```ts
 * const ac = new AbortController(); ac.abort();
 * await devices.find({ deviceType: 'phone' }).toArray(ac.signal).catch((e) => e.code); // 'ABORTED'
 * ```
 */
export class AbortedError extends BigtableMapperError {
  readonly rpc: string;

  constructor(rpc: string, reason?: unknown) {
    super('ABORTED', `${rpc} was aborted by the caller`, { cause: reason });
    this.rpc = rpc;
  }
}
