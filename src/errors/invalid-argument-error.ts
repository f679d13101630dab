import { BigtableMapperError } from './bigtable-mapper-error.js';

/** What an {@link InvalidArgumentError} is about. */
export interface InvalidArgumentDetails {
  /** The API that refused the argument, e.g. `Repository<Device>.increment` or `ConnectionOptions`. */
  readonly api: string;
  /** The argument or option, e.g. `by` or `retry.maxAttempts`. */
  readonly argument: string;
  readonly value: unknown;
  /** What would have been accepted, e.g. `a bigint or a safe integer`. */
  readonly expected: string;
}

/**
 * An argument of a public call is invalid (wrong type, out of range, an option the entity does not support).
 * Thrown before anything is sent.
 *
 * @example
 * ```ts
 * await videos.increment(key, 'likes', '1' as never).catch((e) => e.code); // 'INVALID_ARGUMENT'
 * ```
 */
export class InvalidArgumentError extends BigtableMapperError {
  readonly api: string;
  readonly argument: string;
  readonly value: unknown;
  readonly expected: string;

  constructor(details: InvalidArgumentDetails, cause?: unknown) {
    super(
      'INVALID_ARGUMENT',
      `${details.api}: ${details.argument} must be ${details.expected}, got ${formatArgument(details.value)}`,
      { cause },
    );
    this.api = details.api;
    this.argument = details.argument;
    this.value = details.value;
    this.expected = details.expected;
  }
}

function formatArgument(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (typeof value === 'object' && value !== null) return `a ${value.constructor?.name ?? 'object'}`;
  return String(value);
}
