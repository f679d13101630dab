import { expect, it } from 'vitest';
import { Mapper, type WriteBackReport } from 'bigtable-mapper';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { User, UserV1 } from '../../../examples/evolving-user.js';

const mapper = useMapper([User]);

it('rewrites a row it upcast, in the background, at the current version', async () => {
  const tableIds = { users: mapper().repository(User).tableId, users_v1: mapper().repository(User).tableId };
  await new Mapper(mapper().connection, { tableIds })
    .repository(UserV1)
    .save(Object.assign(new UserV1(), { userId: 'alan', fullName: 'Alan Turing', phones: { work: '+44 161 496 0000' } }));

  const reports: WriteBackReport[] = [];
  const written = new Promise<void>((resolve) => {
    const app = new Mapper(mapper().connection, {
      tableIds,
      writeBack: true, // or per entity: @Evolve({ …, writeBack: true })
      onWriteBack: (report) => {
        reports.push(report);
        resolve();
      },
    });
    void app.repository(User).get({ userId: 'alan' }); // returns the upcast user at once; the rewrite follows
  });
  await written;
  expect(reports.map((r) => r.outcome)).toEqual([{ kind: 'migrated', fromVersion: 1 }]);
  const dry = await mapper().backfill(User, { id: 'check', dryRun: true }).run(); // nothing left at version 1
  expect(dry.byVersion).toEqual({ 3: 1 });
});
