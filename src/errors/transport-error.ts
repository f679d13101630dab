import { BigtableMapperError } from './bigtable-mapper-error.js';

/**
 * A call to Bigtable failed. The gRPC error is the `cause`; `grpcCode` is its numeric status code when known.
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof TransportError && e.grpcCode === 5) console.log('table not found'); }
 * ```
 */
export class TransportError extends BigtableMapperError {
  /** gRPC status code (e.g. 14 UNAVAILABLE), or undefined when the failure was not a gRPC status. */
  readonly grpcCode: number | undefined;
  /** The RPC that failed, e.g. `ReadRows`. */
  readonly rpc: string;

  constructor(rpc: string, message: string, grpcCode: number | undefined, cause?: unknown) {
    super('TRANSPORT', `${rpc} failed: ${message}`, { cause });
    this.rpc = rpc;
    this.grpcCode = grpcCode;
  }
}
