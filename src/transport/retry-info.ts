import { failureDelivery, isPermanentFailure } from './failure-delivery.js';
import { grpcCodeOf } from './grpc-error.js';
import { ProtobufFields } from './protobuf-fields.js';

/** The type URL of `google.rpc.RetryInfo` inside a `google.rpc.Status`'s details. */
const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';

/** Thrown inside this module only, for malformed details; caught by `retryDelayOf`. */
const MALFORMED = Symbol('malformed status details');

/** The fields of a message inside the status details (malformed bytes throw MALFORMED). */
function fieldsOf(bytes: Uint8Array): ProtobufFields {
  return new ProtobufFields(bytes, () => MALFORMED);
}

/** The delay of a `google.rpc.RetryInfo` message, in milliseconds. */
function retryInfoDelayMs(bytes: Uint8Array): number {
  let seconds = 0n;
  let nanos = 0n;
  for (const info = fieldsOf(bytes); !info.done;) {
    const { field, bytes: duration } = info.next();
    if (field !== 1 || duration === undefined) continue;
    for (const d = fieldsOf(duration); !d.done;) {
      const part = d.next();
      if (part.field === 1 && part.varint !== undefined) seconds = BigInt.asIntN(64, part.varint);
      if (part.field === 2 && part.varint !== undefined) nanos = BigInt.asIntN(32, part.varint);
    }
  }
  return Math.max(0, Number(seconds) * 1000 + Number(nanos) / 1e6);
}

/**
 * The retry delay the service asked for in a failure's status details: the `google.rpc.RetryInfo` inside the
 * `google.rpc.Status` of the `grpc-status-details-bin` trailer, in milliseconds. Undefined when the failure carries
 * none (or carries malformed details: they are advice, never a reason to fail differently).
 *
 * @example
 * ```ts
 * const delay = retryDelayOf(error) ?? backoffMs(policy, failures);
 * ```
 */
export function retryDelayOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('metadata' in error)) return undefined;
  const metadata = (error as { metadata: unknown }).metadata as { get?: (key: string) => unknown[] } | null;
  if (typeof metadata?.get !== 'function') return undefined;
  const raw = metadata.get('grpc-status-details-bin')[0];
  if (!(raw instanceof Uint8Array)) return undefined;
  try {
    for (const status = fieldsOf(raw); !status.done;) {
      const { field, bytes: any } = status.next();
      if (field !== 3 || any === undefined) continue;
      let typeUrl = '';
      let value: Uint8Array | undefined;
      for (const a = fieldsOf(any); !a.done;) {
        const part = a.next();
        if (part.field === 1 && part.bytes) typeUrl = Buffer.from(part.bytes).toString('utf8');
        if (part.field === 2 && part.bytes) value = part.bytes;
      }
      if (typeUrl === RETRY_INFO_TYPE) return retryInfoDelayMs(value ?? new Uint8Array(0));
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * Whether a failure whose status carries a RetryInfo may be sent again on the service's word, whatever its code
 * (the protocol makes such a failure retryable): always for reads; for writes only when the service answered the
 * attempt (it applied nothing) or it never left — a write whose outcome is unknown is never re-sent. A request too
 * large for the service is never re-sent.
 *
 * @example
 * ```ts
 * if (retryDelayOf(error) !== undefined && retryInfoAllowsRetry('write', error)) { ... }
 * ```
 */
export function retryInfoAllowsRetry(safety: 'read' | 'write', error: unknown): boolean {
  if (grpcCodeOf(error) === undefined || isPermanentFailure(error)) return false;
  return safety === 'read' || failureDelivery(error) !== 'unknown';
}
