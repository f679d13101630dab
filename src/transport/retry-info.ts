import { failureDelivery, isPermanentFailure } from './failure-delivery.js';
import { grpcCodeOf } from './grpc-error.js';

/** The type URL of `google.rpc.RetryInfo` inside a `google.rpc.Status`'s details. */
const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';

/** Thrown inside this module only, for malformed details; caught by `retryDelayOf`. */
const MALFORMED = Symbol('malformed status details');

/** A cursor over protobuf bytes, as far as `google.rpc.Status` → `Any` → `RetryInfo` → `Duration` need it. */
class Fields {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.pos >= this.bytes.length;
  }

  varint(): bigint {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (this.pos >= this.bytes.length || shift > 63n) throw MALFORMED;
      const byte = this.bytes[this.pos++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  }

  /** The next field: its number, and its value (a varint, or the bytes of a length-delimited field). */
  next(): { field: number; varint?: bigint; bytes?: Uint8Array } {
    const tag = Number(this.varint());
    const field = tag >>> 3;
    switch (tag & 7) {
      case 0:
        return { field, varint: this.varint() };
      case 1:
        return this.skip(field, 8);
      case 2: {
        const length = Number(this.varint());
        const start = this.pos;
        this.skip(field, length);
        return { field, bytes: this.bytes.subarray(start, start + length) };
      }
      case 5:
        return this.skip(field, 4);
      default:
        throw MALFORMED;
    }
  }

  private skip(field: number, count: number): { field: number } {
    if (count < 0 || this.pos + count > this.bytes.length) throw MALFORMED;
    this.pos += count;
    return { field };
  }
}

/** The delay of a `google.rpc.RetryInfo` message, in milliseconds. */
function retryInfoDelayMs(bytes: Uint8Array): number {
  let seconds = 0n;
  let nanos = 0n;
  for (const info = new Fields(bytes); !info.done;) {
    const { field, bytes: duration } = info.next();
    if (field !== 1 || duration === undefined) continue;
    for (const d = new Fields(duration); !d.done;) {
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
    for (const status = new Fields(raw); !status.done;) {
      const { field, bytes: any } = status.next();
      if (field !== 3 || any === undefined) continue;
      let typeUrl = '';
      let value: Uint8Array | undefined;
      for (const a = new Fields(any); !a.done;) {
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
