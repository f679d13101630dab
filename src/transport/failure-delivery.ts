import { GrpcStatus, grpcCodeOf } from './grpc-error.js';

/**
 * What a failed attempt tells about its request:
 * - `notSent`: it provably never reached the service (no connection, stream refused, HTTP-level refusal such as
 *   429), so re-sending it cannot apply it twice;
 * - `answered`: the service processed it and answered with an error status (nothing was applied);
 * - `unknown`: it may have been applied (the link broke or the deadline passed after sending).
 */
export type FailureDelivery = 'notSent' | 'answered' | 'unknown';

function detailsOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'details' in error) {
    return String((error as { details: unknown }).details);
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Classifies a gRPC failure by what grpc-js reports about it. The details strings are grpc-js's own (picker
 * "No connection established", REFUSED_STREAM "Stream refused by server", "Received HTTP status code N",
 * "Failed to start HTTP/2 stream"); anything not recognised as provably unsent is treated conservatively.
 *
 * @example
 * ```ts
 * failureDelivery({ code: 14, details: 'No connection established. Last error: connect ECONNREFUSED' }); // 'notSent'
 * ```
 */
export function failureDelivery(error: unknown): FailureDelivery {
  const code = grpcCodeOf(error);
  const details = detailsOf(error);
  if (code === undefined) return 'unknown';
  if (
    /No connection established|Stream refused by server|Received HTTP status code|Failed to start HTTP\/2 stream/.test(
      details,
    )
  ) {
    return 'notSent';
  }
  switch (code) {
    case GrpcStatus.CANCELLED:
    case GrpcStatus.DEADLINE_EXCEEDED:
    case GrpcStatus.UNAVAILABLE:
    case GrpcStatus.UNKNOWN:
      return 'unknown';
    case GrpcStatus.INTERNAL:
      return /RST_STREAM|Connection dropped/i.test(details) ? 'unknown' : 'answered';
    default:
      return 'answered';
  }
}

/**
 * True when a failure must never be retried whatever its code: the request itself is too large for the service
 * (RESOURCE_EXHAUSTED "message larger than max"), so every attempt would fail the same way after sending it again.
 *
 * @example
 * ```ts
 * isPermanentFailure({ code: 8, details: 'Received message larger than max (300 vs 268435456)' }); // true
 * ```
 */
export function isPermanentFailure(error: unknown): boolean {
  return (
    grpcCodeOf(error) === GrpcStatus.RESOURCE_EXHAUSTED &&
    /larger than max|message length/i.test(detailsOf(error))
  );
}

/**
 * Whether an attempt that failed this way may be sent again: reads whenever the code is retryable (or an HTTP/2
 * stream reset); writes only when the attempt provably applied nothing (not sent, or answered with a retryable
 * code), because re-sending a write that may have applied could overwrite a later writer's change.
 *
 * @example
 * ```ts
 * mayRetry('write', { code: 14, details: 'Connection dropped' }, [14]); // false: it may have applied
 * ```
 */
export function mayRetry(
  safety: 'read' | 'write',
  error: unknown,
  retryableCodes: readonly number[],
): boolean {
  if (isPermanentFailure(error)) return false;
  const code = grpcCodeOf(error);
  if (code === undefined) return false;
  const delivery = failureDelivery(error);
  if (delivery === 'notSent') return true;
  const retryableCode =
    retryableCodes.includes(code) || (code === GrpcStatus.INTERNAL && /RST_STREAM/i.test(detailsOf(error)));
  if (safety === 'read') return retryableCode;
  return delivery === 'answered' && retryableCode;
}
