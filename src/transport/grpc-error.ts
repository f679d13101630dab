import { TransportError } from '../errors/transport-error.js';

/** gRPC status codes the SDK reasons about. */
export const GrpcStatus = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
} as const;

/**
 * A failure the transport itself gives an attempt (a stream closed before its end, an attempt gone silent), shaped as
 * gRPC's own status error (an `Error` with a numeric `code` and `details`) so that the retry rules read it as they
 * read the server's. It never leaves the transport: the call turns it into a {@link TransportError}, as any gRPC
 * failure.
 *
 * @example
 * ```ts
 * throw new GrpcStatusFailure(GrpcStatus.DEADLINE_EXCEEDED, 'no response for 30000 ms');
 * ```
 */
export class GrpcStatusFailure extends Error {
  constructor(
    readonly code: number,
    readonly details: string,
  ) {
    super(details);
    this.name = 'GrpcStatusFailure';
  }
}

/** Reads the numeric gRPC status code of an unknown error, if it carries one. */
export function grpcCodeOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'number') return code;
  }
  return undefined;
}

/**
 * Wraps any failure of an RPC in a {@link TransportError} so that gRPC errors only ever appear as `cause`.
 *
 * @example
 * ```ts
 * try { await client.mutateRow(req); } catch (e) { throw toTransportError('MutateRow', e); }
 * ```
 */
export function toTransportError(rpc: string, error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  const details =
    typeof error === 'object' && error !== null && 'details' in error
      ? String((error as { details: unknown }).details)
      : error instanceof Error
        ? error.message
        : String(error);
  return new TransportError(rpc, details, grpcCodeOf(error), error);
}
