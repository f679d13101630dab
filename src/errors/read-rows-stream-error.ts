import { TransportError } from './transport-error.js';

/**
 * The server's ReadRows response stream broke the chunk protocol (a row without a key, a commit inside a split
 * cell, rows out of order, a stream ending mid-row, ...). Never retried: a server that sends an invalid stream
 * once is not trusted to resume it correctly.
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof ReadRowsStreamError) log.error('corrupt ReadRows stream', e.message); }
 * ```
 */
export class ReadRowsStreamError extends TransportError {
  constructor(message: string) {
    super('ReadRows', `invalid response stream: ${message}`, undefined);
  }
}
