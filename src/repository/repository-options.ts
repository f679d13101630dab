import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { CallInterceptor } from '../mapping/intercepted-call.js';
import {
  checkArray,
  checkBoolean,
  checkFunction,
  checkInteger,
  checkObject,
  checkOptions,
} from '../errors/check-argument.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Clock } from '../mapping/save-timestamp.js';
import type { ObserveOptions } from '../observe/observe-options.js';
import type { CallTimeouts } from '../transport/call-timeouts.js';
import type { RetryPolicy } from '../transport/retry-policy.js';
import type { WriteBackReport } from '../write/evolving/write-back-report.js';

/**
 * Tuning shared by every repository of a {@link Mapper}. Retry policy and timeouts are resolved and checked once,
 * when the mapper is created.
 *
 * @example
 * ```ts
 * const mapper = Mapper.connect({ projectId: 'p', instanceId: 'i' }, { batchConcurrency: 8, timeouts: { attemptMs: 5_000 } });
 * ```
 */
export interface RepositoryOptions {
  /**
   * Clock (milliseconds) for write timestamps. Default `Date.now`. Cell timestamps are metadata: which save wins
   * never depends on them (see docs/writes.md).
   */
  readonly now?: Clock;
  /** MutateRows requests in flight at once in `saveMany`/`deleteMany`. Default 4. */
  readonly batchConcurrency?: number;
  /** Byte budget of one MutateRows request. Default 16 MiB (the service limit is higher; smaller retries less). */
  readonly batchMaxBytes?: number;
  /** Retry policy; unset fields keep their defaults (`DEFAULT_RETRY_POLICY`). */
  readonly retry?: Partial<RetryPolicy>;
  /** Time limits of every call; unset fields keep their defaults (`DEFAULT_TIMEOUTS`). */
  readonly timeouts?: CallTimeouts;
  /**
   * Physical table id per declared table name, e.g. `{ devices: 'devices_staging' }` for per-environment names;
   * the test kit uses it to give each test file fresh tables. Undeclared names map to themselves.
   */
  readonly tableIds?: Readonly<Record<string, string>>;
  /**
   * Write-back on read for entities with `@Evolve` (default: each entity's `writeBack`, itself default false): after
   * a whole-entity read (`get`, `getMany`, `find`, `scan` without `select()` or an entries window) upcast a row from
   * an older schema version, the row is rewritten at the current version in the background, conditionally on the
   * exact version cell it was read with, so a write made after the read is never overwritten (that conflict is
   * dropped; the next read sees the newer row). Never fails or delays the read.
   */
  readonly writeBack?: boolean;
  /** Called with the outcome of each write-back (migrated, skipped, conflict, failed, deferred). */
  readonly onWriteBack?: (report: WriteBackReport) => void;
  /**
   * Called, before the write is sent, for each advice a save, insert, saveMany, update, add or put breaks: a cell
   * above 10 MiB (`LARGE_CELL`) or a row above 100 MB (`LARGE_ROW`), naming entity, property, row key, size and the
   * advised maximum. Default: a Node process warning of type `BigtableMapperWarning`, code `BIGTABLE_MAPPER_LARGE_CELL` /
   * `BIGTABLE_MAPPER_LARGE_ROW`, unless a `warning` listener is on `mapper.events` (which receives them too). A
   * hook that throws ends the call with that error, nothing written.
   */
  readonly onWarning?: (warning: MappingWarning) => void;
  /**
   * OpenTelemetry spans and metrics (on as soon as the application registers a provider; docs/observability.md).
   * `{ tracing: false }`, `{ metrics: false }` turn them off for this mapper.
   */
  readonly observe?: ObserveOptions;
  /**
   * Functions called, in order, before every repository and collection call sends anything, with the operation,
   * entity classes, table and the row keys, key ranges and entities involved (an `InterceptedCall`). One that
   * throws or rejects vetoes the call: it fails with CallVetoedError and nothing is sent. See docs/hooks.md.
   */
  readonly interceptors?: readonly CallInterceptor[];
}

// The per-call options stand on the floor of the write room (every write takes them); the façade shows them here.
export type { CallOptions } from '../write/write-options.js';

/** The options every repository and the mapper take, checked before anything uses them. */
export function checkRepositoryOptions(api: string, options: unknown): asserts options is RepositoryOptions {
  checkOptions({ api, argument: 'options' }, options);
  if (options === undefined) return;
  const o = options as Record<string, unknown>;
  const site = (argument: string): { api: string; argument: string } => ({
    api,
    argument: `options.${argument}`,
  });
  for (const name of ['batchConcurrency', 'batchMaxBytes'] as const) {
    if (o[name] !== undefined) checkInteger(site(name), o[name], 1);
  }
  for (const name of ['now', 'onWriteBack'] as const) {
    if (o[name] !== undefined) checkFunction(site(name), o[name]);
  }
  for (const name of ['tableIds', 'retry', 'timeouts', 'observe'] as const) {
    if (o[name] !== undefined) checkObject(site(name), o[name]);
  }
  if (o.interceptors !== undefined) {
    checkArray(site('interceptors'), o.interceptors, 'an array of interceptor functions');
    o.interceptors.forEach((interceptor, i) => checkFunction(site(`interceptors[${i}]`), interceptor));
  }
  // A switch that is no boolean ('off') would leave tracing on without a word.
  const observe = o.observe as Record<string, unknown> | undefined;
  for (const name of ['tracing', 'metrics', 'builtinMetrics', 'recordKeys'] as const) {
    if (observe?.[name] !== undefined) checkBoolean(site(`observe.${name}`), observe[name]);
  }
  // Asking for Google's metrics with metrics off would record nothing without a word.
  if (observe?.['builtinMetrics'] === true && observe['metrics'] === false)
    throw new InvalidArgumentError({
      ...site('observe.builtinMetrics'),
      value: true,
      expected: 'false (or absent) when observe.metrics is false: the built-in metrics are metrics',
    });
}
