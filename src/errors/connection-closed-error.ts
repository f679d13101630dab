import { BigtableMapperError } from './bigtable-mapper-error.js';

/**
 * The connection (or the mapper owning it) was closed: calls made after `close()` fail with this error before
 * sending anything, and calls still in flight at `close()` end with it (a write that was already sent ends with
 * an OutcomeUnknownError whose cause is this error).
 *
 * @example
 * ```ts
 * await mapper.close();
 * await devices.get(key).catch((e) => e.code); // 'CONNECTION_CLOSED'
 * ```
 */
export class ConnectionClosedError extends BigtableMapperError {
  readonly rpc: string;

  constructor(rpc: string) {
    super('CONNECTION_CLOSED', `${rpc} failed: the connection is closed`);
    this.rpc = rpc;
  }
}
