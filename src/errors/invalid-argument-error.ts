import { BigtableMapperError } from './bigtable-mapper-error.js';
import { formatValue } from './format-value.js';

/** What an {@link InvalidArgumentError} is about. */
export interface InvalidArgumentDetails {
  /** The API that refused the argument, e.g. `Repository<Device>.increment` or `ConnectionOptions`. */
  readonly api: string;
  /** The argument or option, e.g. `by` or `retry.maxAttempts`. */
  readonly argument: string;
  /** Entity class name, when the call is about an entity. */
  readonly entity?: string | undefined;
  /** Property the argument is for, when there is one (e.g. the counter being incremented). */
  readonly property?: string | undefined;
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
  readonly entity: string | undefined;
  readonly property: string | undefined;
  readonly value: unknown;
  readonly expected: string;

  constructor(details: InvalidArgumentDetails, cause?: unknown) {
    const target =
      details.entity === undefined
        ? ''
        : details.property === undefined
          ? ` for ${details.entity}`
          : ` for ${details.entity}.${details.property}`;
    super(
      'INVALID_ARGUMENT',
      `${details.api}: ${details.argument}${target} must be ${details.expected}, got ${formatValue(details.value)}`,
      { cause },
    );
    this.api = details.api;
    this.argument = details.argument;
    this.entity = details.entity;
    this.property = details.property;
    this.value = details.value;
    this.expected = details.expected;
  }
}
