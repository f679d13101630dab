import type { Clock } from '../mapping/save-timestamp.js';
import type { RetryPolicy } from '../transport/retry-policy.js';

/**
 * Tuning shared by every repository of a {@link Mapper}.
 *
 * @example
 * ```ts
 * const mapper = Mapper.connect({ projectId: 'p', instanceId: 'i' }, { batchConcurrency: 8 });
 * ```
 */
export interface RepositoryOptions {
  /** Clock (milliseconds) for write timestamps. Default `Date.now`. */
  readonly now?: Clock;
  /** MutateRows requests in flight at once in `saveMany`/`deleteMany`. Default 4. */
  readonly batchConcurrency?: number;
  /** Byte budget of one MutateRows request. Default 16 MiB (the service limit is higher; smaller retries less). */
  readonly batchMaxBytes?: number;
  /** Retry policy of idempotent calls. */
  readonly retry?: Partial<RetryPolicy>;
  /**
   * Physical table id per declared table name, e.g. `{ devices: 'devices_staging' }` for per-environment names;
   * the test kit uses it to give each test file fresh tables. Undeclared names map to themselves.
   */
  readonly tableIds?: Readonly<Record<string, string>>;
  /** Per-attempt deadline in milliseconds. */
  readonly attemptTimeoutMs?: number;
}
