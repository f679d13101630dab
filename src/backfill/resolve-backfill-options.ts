import { randomBytes } from 'node:crypto';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { BackfillOptions } from './backfill-types.js';

/**
 * {@link BackfillOptions} with every default filled in and every value checked.
 *
 * @example
 * ```ts
 * const options: ResolvedBackfillOptions<Device> = resolveBackfillOptions(meta, 3, { shards: 8 });
 * ```
 */
export interface ResolvedBackfillOptions<E> extends Required<
  Pick<
    BackfillOptions<E>,
    | 'id'
    | 'shards'
    | 'parallelShards'
    | 'concurrency'
    | 'dryRun'
    | 'sample'
    | 'skipCurrent'
    | 'maxConflictRetries'
    | 'leaseMs'
    | 'owner'
    | 'checkpointEveryRows'
  >
> {
  readonly id: string;
  readonly owner: string;
  readonly rowsPerSecond: number | undefined;
  readonly onProgress: BackfillOptions<E>['onProgress'];
  readonly onRow: BackfillOptions<E>['onRow'];
  readonly signal: AbortSignal | undefined;
}

const ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Fills the defaults of a backfill's options and refuses bad values (InvalidArgumentError naming the entity, the
 * option, the value and what is allowed) before anything is sent.
 *
 * @example
 * ```ts
 * resolveBackfillOptions(meta, 3, {}).id; // 'Device-to-v3'
 * ```
 */
export function resolveBackfillOptions<E>(
  meta: EntityMetadata,
  version: number,
  options: BackfillOptions<E>,
): ResolvedBackfillOptions<E> {
  const bad = (argument: string, value: unknown, expected: string): InvalidArgumentError =>
    new InvalidArgumentError({ api: 'Mapper.backfill', entity: meta.name, argument, value, expected });
  const id = options.id ?? `${meta.name}-to-v${version}`;
  if (typeof id !== 'string' || !ID.test(id))
    throw bad('options.id', id, 'letters, digits, ".", "_" or "-" (1 to 100 characters)');
  const int = (name: keyof BackfillOptions<E>, value: unknown, min: number, max: number): number => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
      throw bad(`options.${name}`, value, `an integer from ${min} to ${max}`);
    return value;
  };
  const shards = int('shards', options.shards ?? 4, 1, 10_000);
  const rate = options.rowsPerSecond;
  if (rate !== undefined && !(typeof rate === 'number' && Number.isFinite(rate) && rate > 0))
    throw bad('options.rowsPerSecond', rate, 'a positive number of rows per second');
  const owner = options.owner ?? `backfill-${randomBytes(6).toString('hex')}`;
  if (typeof owner !== 'string' || owner === '' || owner.length > 200)
    throw bad('options.owner', owner, 'a non-empty name of at most 200 characters');
  return {
    id,
    shards,
    parallelShards: int('parallelShards', options.parallelShards ?? Math.min(shards, 4), 1, 1_000),
    concurrency: int('concurrency', options.concurrency ?? 8, 1, 10_000),
    rowsPerSecond: rate,
    dryRun: options.dryRun === true,
    sample: int('sample', options.sample ?? 5, 0, 10_000),
    skipCurrent: options.skipCurrent !== false,
    maxConflictRetries: int('maxConflictRetries', options.maxConflictRetries ?? 5, 0, 1_000),
    leaseMs: int('leaseMs', options.leaseMs ?? 30_000, 100, 86_400_000),
    owner,
    checkpointEveryRows: int('checkpointEveryRows', options.checkpointEveryRows ?? 500, 1, 1_000_000),
    onProgress: options.onProgress,
    onRow: options.onRow,
    signal: options.signal,
  };
}
