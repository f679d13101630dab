// `migrate plan|run|status` of the built bin against v1 rows written through the SDK on the run's emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mapper } from '../../src/repository/mapper.js';
import { BfUser, BfUserV1 } from '../fixtures/cli/backfill-users.mjs';
import { cleanEnv, emulatorHost, freshInstance, runBin } from './run-bin.js';

const ROWS = 60;

describe('bigtable-mapper migrate on the emulator', () => {
  const instanceId = freshInstance();
  const tableId = 'bf_users_cli';
  const flags = [
    '--entities',
    'test/fixtures/cli/backfill-users.mjs',
    '--entity',
    'BfUser',
    '--instance',
    instanceId,
    '--table-id',
    `bf_users=${tableId}`,
  ];
  const env = (): Record<string, string> => cleanEnv({ BIGTABLE_EMULATOR_HOST: emulatorHost() });
  let mapper: Mapper;

  beforeAll(async () => {
    mapper = Mapper.connect(
      { projectId: 'emulator', instanceId, emulatorHost: emulatorHost() },
      { tableIds: { bf_users: tableId, bf_users_v1: tableId } },
    );
    await mapper.ensureSchema([BfUser]);
    await mapper.repository(BfUserV1).saveMany(
      Array.from({ length: ROWS }, (_, i) =>
        Object.assign(new BfUserV1(), {
          userId: `c${String(i).padStart(3, '0')}`,
          fullName: `n${i}`,
          age: 1n,
        }),
      ),
    );
  });
  afterAll(async () => {
    await mapper.close();
  });

  it('status before anything ran: not planned, exit code 3', async () => {
    const r = await runBin(['migrate', 'status', ...flags, '--id', 'cli-none'], env());
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('Backfill cli-none: not planned yet (nothing ran)\n');
    expect(r.code).toBe(3);
  });

  it('an entity must be named when the module exports several evolving ones; bad numbers are usage errors', async () => {
    const unnamed = await runBin(
      ['migrate', 'plan', '--entities', 'test/fixtures/cli/backfill-users.mjs', '--instance', instanceId],
      env(),
    );
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toMatch(/--entity must be one of BfUser, BfUserV1/);
    const bad = await runBin(['migrate', 'run', ...flags, '--concurrency', '0'], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--concurrency/);
  });

  it('plan stores the shards; a dry run counts rows per version and writes nothing', async () => {
    const plan = await runBin(
      ['--json', 'migrate', 'plan', ...flags, '--id', 'cli-1', '--shards', '3'],
      env(),
    );
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
    const shards = (JSON.parse(plan.stdout) as { shards: unknown[]; method: string }).shards;
    expect(shards).toHaveLength(3);
    const again = await runBin(['migrate', 'plan', ...flags, '--id', 'cli-1', '--shards', '5'], env());
    expect(again.stdout).toMatch(
      /^Backfill cli-1: BfUser in table bf_users_cli to schema version 3\n3 shard\(s\), stored earlier:\nshard {2}start/,
    );

    const dry = await runBin(
      ['--json', 'migrate', 'run', ...flags, '--dry-run', '--parallel-shards', '1', '--id', 'cli-dry'],
      env(),
    );
    expect(dry.code).toBe(0);
    const report = JSON.parse(dry.stdout) as {
      byVersion: Record<string, number>;
      samples: Array<{ key: string; entity: unknown }>;
    };
    expect(report.byVersion).toEqual({ 1: ROWS });
    expect(report.samples[0]).toMatchObject({
      key: 'c000',
      entity: { userId: 'c000', displayName: 'n0', profile: { age: 1 }, tier: 'basic' },
    });
  });

  it('run migrates every row and status then reports the backfill done', async () => {
    const run = await runBin(['migrate', 'run', ...flags, '--id', 'cli-1', '--concurrency', '4'], env());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Backfill cli-1: ${ROWS} migrated, 0 skipped, 0 failed, 0 conflict(s) retried (${ROWS} row(s) read)\n` +
        `complete: ${ROWS} migrated in all runs\n`,
    );
    const status = await runBin(['--json', 'migrate', 'status', ...flags, '--id', 'cli-1'], env());
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ done: true, total: { migrated: ROWS, failed: 0 } });
    const text = await runBin(['migrate', 'status', ...flags, '--id', 'cli-1'], env());
    expect(text.stdout.split('\n')[0]).toBe(
      `Backfill cli-1: done; ${ROWS} migrated, 0 skipped, 0 failed, 0 conflict(s) retried`,
    );
  });
});
