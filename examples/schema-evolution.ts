// Schema evolution (docs/evolution.md): rows written by version 1 of an application are read by version 3, whose
// `User` renamed a column (d:name → d:display), changed a codec (the address cell: JSON → protobuf) and split a
// JSON column into a map family (phones → family `phone`). Reads upcast old rows on the fly; a backfill then
// rewrites them at version 3 with conditional mutations, so that the old columns and the upcast steps can go.
import assert from 'node:assert/strict';
import { Mapper } from 'bigtable-mapper';
import type { Example } from './example.js';
import { User, UserV1 } from './evolving-user.js';
import { formatCbtRows, type PrintableRow } from './format-cbt-rows.js';
import { storedRows } from './stored-rows.js';

const OLD_ROWS: ReadonlyArray<Omit<UserV1, never>> = [
  {
    userId: 'ada',
    fullName: 'Ada Lovelace',
    address: { street: '12 St James Sq', city: 'London' },
    phones: { home: '+44 20 7946 0000' },
  },
  { userId: 'alan', fullName: 'Alan Turing', phones: { work: '+44 161 496 0000', home: '+44 161 496 0001' } },
  { userId: 'grace', fullName: 'Grace Hopper', address: { city: 'Arlington' }, phones: {} },
];

/**
 * Rows as `cbt read` prints them, without the lines that change from run to run: timestamps, and the 8 random
 * bytes of write id in each schema-version token (shown as `…` after the version).
 */
function printStable(rows: readonly PrintableRow[]): string[] {
  const tokenShown = rows.map((row) => ({
    key: row.key,
    cells: row.cells.map((cell) =>
      cell.family === 'd' && Buffer.from(cell.qualifier).toString() === '_v'
        ? { ...cell, value: Buffer.concat([cell.value.subarray(0, 8), Buffer.from('…')]) }
        : cell,
    ),
  }));
  return formatCbtRows(tokenShown)
    .trimEnd()
    .split('\n')
    .map((line) => line.replace(/\s+@ .*$/, ''))
    .filter((line) => line !== '');
}

export const schemaEvolution: Example = {
  id: 'evolution',
  name: 'schema evolution (User v1 → v3: renamed column, JSON → protobuf, column split into a map; backfill)',
  seed: 'None (an SDK feature): schema evolution, docs/evolution.md',
  entities: [User],
  async run(mapper) {
    const users = mapper.repository(User);

    // The old deployment: its own declaration of the table (version 1), its own Mapper on the same connection.
    const v1App = new Mapper(mapper.connection, { tableIds: { users_v1: users.tableId } });
    await v1App.repository(UserV1).saveMany(OLD_ROWS.map((row) => Object.assign(new UserV1(), row)));
    const before = printStable(await storedRows(mapper, users.tableId));

    // Version 3 reads them: hydrated as v3 from the old cells, through both upcast steps.
    const ada = await users.getOrThrow({ userId: 'ada' });
    assert.ok(ada instanceof User);
    assert.deepEqual(
      { ...ada },
      {
        userId: 'ada',
        displayName: 'Ada Lovelace',
        address: { street: '12 St James Sq', city: 'London' },
        phones: new Map([['home', '+44 20 7946 0000']]),
      },
    );
    const query = users.scan().where('displayName', '>=', 'B');
    assert.deepEqual(
      (await query.toArray()).map((u) => u.userId),
      ['grace'],
    ); // checked after upcasting
    const notes = query.explain().split('\n');
    const alsoReads = notes.find((n) => n.includes('also reads'))?.replace(/^\s*- /, '');
    assert.ok(alsoReads, notes.join('\n'));

    // Version 3 code adds a user: the table now holds rows at versions 1 and 3.
    await users.save(
      Object.assign(new User(), {
        userId: 'linus',
        displayName: 'Linus',
        phones: new Map([['work', '+1 555 0100']]),
      }),
    );

    // The backfill, with its checkpoints in a table of this run (renamed through tableIds like any table).
    const checkpoints = `${users.tableId}_backfills`;
    const ops = new Mapper(mapper.connection, {
      tableIds: { users: users.tableId, 'bigtable-mapper-backfills': checkpoints },
    });
    try {
      const dry = await ops.backfill(User, { id: 'users-to-v3', shards: 2, dryRun: true }).run();
      assert.deepEqual(dry.byVersion, { 1: 3, 3: 1 });
      const backfill = ops.backfill(User, { id: 'users-to-v3', shards: 2 });
      const plan = await backfill.plan();
      const report = await backfill.run();
      assert.equal(report.migrated, 3);
      assert.equal(report.failed, 0);
      assert.ok(report.complete);
      const again = await ops.backfill(User, { id: 'users-to-v3', dryRun: true }).run();
      assert.deepEqual(again.byVersion, { 3: 4 });

      const all = await users.scan().toArray();
      assert.deepEqual(
        all.map((u) => [u.userId, u.displayName, u.address?.city, [...u.phones.keys()]]),
        [
          ['ada', 'Ada Lovelace', 'London', ['home']],
          ['alan', 'Alan Turing', undefined, ['home', 'work']],
          ['grace', 'Grace Hopper', 'Arlington', []],
          ['linus', 'Linus', undefined, ['work']],
        ],
      );
      const after = await storedRows(mapper, users.tableId);
      const oldColumns = after.flatMap((r) =>
        r.cells.filter((c) => ['name', 'phones'].includes(Buffer.from(c.qualifier).toString())),
      );
      assert.deepEqual(oldColumns, []); // the rewrite deleted the columns only old versions had

      return [
        'rows as the version-1 deployment stored them (cbt read; timestamps left out, token write ids shown as …):',
        ...before.map((line) => `  ${line}`),
        `get ada as v3: ${ada.displayName}, ${ada.address?.city}, phones ${[...ada.phones.keys()].join(', ')}`,
        `where displayName >= 'B' (checked after upcasting): grace`,
        `explain: ${alsoReads}`,
        `dry run: rows per version ${JSON.stringify(dry.byVersion)}, a sample of ${dry.samples.length} upcast rows`,
        `backfill users-to-v3: ${plan.shards.length} shards, ${report.migrated} migrated, ${report.failed} failed; after it ${JSON.stringify(again.byVersion)}`,
      ];
    } finally {
      const drop = await ops.schema.plan([], { pruneTables: [checkpoints] });
      await ops.schema.apply(drop, { allowDestructive: true });
    }
  },
};
