import type { EntityClass } from '../metadata/entity-metadata.js';
import type { Mapper } from '../repository/mapper.js';
import type { Backfill, BackfillOptions } from './backfill-types.js';
import { createBackfill } from './create-backfill.js';

/**
 * A backfill of an evolving entity on a mapper's tables (docs/evolution.md): rewrites every row below the entity's
 * current schema version at that version, with conditional rewrites that never overwrite a concurrent write, in
 * shards several processes can share, resuming from checkpoints kept in the table `bigtable-mapper-backfills`
 * (created on first use; renamed through the mapper's `tableIds` like any table). Nothing is sent until `plan()`,
 * `run()` or `status()`. `mapper.backfill(entity, options)` is the same.
 *
 * @example
 * ```ts
 * import { backfill } from 'bigtable-mapper/backfill';
 *
 * const job = backfill(mapper, Device, { id: 'users-to-v3', shards: 4, rowsPerSecond: 500 });
 * const report = await job.run();
 * console.log(report.migrated, report.failures.length);
 * ```
 */
export function backfill<C extends EntityClass>(
  mapper: Mapper,
  entity: C,
  options: BackfillOptions<InstanceType<C>> = {},
): Backfill<InstanceType<C>> {
  return createBackfill(mapper.connection, mapper.repositoryOptions, mapper.schema, entity, options);
}
