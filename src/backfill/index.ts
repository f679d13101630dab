// 'bigtable-mapper/backfill' (docs/evolution.md): the job that migrates an evolving entity's stored rows to its
// current schema version, in resumable shards. It takes a mapper, like Kysely's `new Migrator({ db })`;
// `mapper.backfill(...)` is the documented shortcut.
export { backfill } from './backfill.js';
export type {
  Backfill,
  BackfillCounts,
  BackfillOptions,
  BackfillPlan,
  BackfillProgress,
  BackfillReport,
  BackfillRowEvent,
  BackfillShard,
  BackfillShardStatus,
  BackfillStatus,
} from './backfill-types.js';
