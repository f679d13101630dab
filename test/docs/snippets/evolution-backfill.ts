import { Mapper, printableKey } from 'bigtable-mapper';
import { User } from '../../../examples/evolving-user.js';

const mapper = Mapper.connect({ projectId: 'my-project', instanceId: 'my-instance' });

// A dry run writes nothing: rows per schema version, and a few upcast rows to look at.
const dry = await mapper.backfill(User, { id: 'users-to-v3', dryRun: true, sample: 3 }).run();
console.log(dry.byVersion, dry.samples.map((s) => s.entity)); // e.g. { '1': 8120, '2': 940, '3': 20450 }

const backfill = mapper.backfill(User, {
  id: 'users-to-v3', // names the plan and checkpoints: every process given this id shares them
  shards: 8,
  concurrency: 16, // rows in flight in this process
  rowsPerSecond: 500,
  onProgress: (p) => console.log(`${(p.fraction * 100).toFixed(1)}%, ${p.rowsPerSecond} rows/s, ETA ${p.etaSeconds ?? '?'} s`),
});
await backfill.plan(); // stores the shards; optional, run() plans when needed
const report = await backfill.run(); // after a crash, run it again: it resumes from the checkpoints
console.log(`${report.migrated} migrated, ${report.skipped} skipped, ${report.conflictsRetried} conflicts retried`);
for (const { key, error } of report.failures) console.error(printableKey(key), error.code, error.message);

const status = await backfill.status(); // from any process, at any time
if (status.done && status.total.failed === 0) console.log('every row is at version 3: the steps can go');
await mapper.close();
