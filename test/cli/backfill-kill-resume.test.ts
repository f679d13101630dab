// The backfill's acceptance test (issue 15): 100k v1 rows, the entity at v3, 4 shards. A runner process (the
// built package, test/fixtures/cli/backfill-child.mjs) is killed with SIGKILL once its checkpoints advanced, and a
// second process (another owner, so it takes the shards over when their leases run out) resumes to the end, while
// this process keeps saving random rows through the library. Needs `npm run build` when run alone.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mapper } from '../../src/repository/mapper.js';
import { deleteTable } from '../../src/transport/table-admin.js';
import { BfUser, BfUserV1 } from '../fixtures/cli/backfill-users.mjs';
import type { BackfillUser } from '../fixtures/cli/backfill-users-layout.mjs';
import { cleanEnv, emulatorHost, freshInstance, REPO, scratchDir } from './run-bin.js';

const ROWS = 100_000;
const CHILD = fileURLToPath(new URL('../fixtures/cli/backfill-child.mjs', import.meta.url));
const key = (i: number): string => `u${String(i).padStart(6, '0')}`;

function startChild(args: readonly string[]): {
  child: ChildProcess;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
} {
  const child = spawn(process.execPath, [CHILD, ...args], {
    cwd: REPO,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exit = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, exit };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('a 100k-row backfill killed with SIGKILL and resumed by another process', () => {
  const instanceId = freshInstance();
  const tableId = `bf_users_${randomBytes(4).toString('hex')}`;
  let mapper: Mapper;

  beforeAll(async () => {
    if (!existsSync(`${REPO}/dist/src/index.js`)) throw new TypeError('run `npm run build` before this test');
    mapper = Mapper.connect(
      { projectId: 'emulator', instanceId, emulatorHost: emulatorHost() },
      { tableIds: { bf_users: tableId, bf_users_v1: tableId } },
    );
    await mapper.ensureSchema([BfUser]);
  });
  afterAll(async () => {
    await deleteTable(mapper.connection, tableId).catch(() => undefined);
    await mapper.close();
  });

  it('ends with every row at v3, none migrated twice, no concurrent write lost, and dry-run counts that match', async () => {
    // The old deployment's rows, streamed in MutateRows batches.
    await mapper.repository(BfUserV1).saveMany(
      (function* () {
        for (let i = 0; i < ROWS; i++)
          yield Object.assign(new BfUserV1(), { userId: key(i), fullName: `name ${i}`, age: BigInt(i % 90) });
      })(),
    );
    const before = await mapper
      .backfill(BfUser, { id: 'bf-dry-before', dryRun: true, sample: 2, parallelShards: 1 })
      .run();
    expect(before.byVersion).toEqual({ 1: ROWS });
    expect(before.samples.map((s) => s.entity)).toEqual([
      Object.assign(new BfUser(), {
        userId: key(0),
        displayName: 'name 0',
        profile: { age: 0 },
        tier: 'basic',
      }),
      Object.assign(new BfUser(), {
        userId: key(1),
        displayName: 'name 1',
        profile: { age: 1 },
        tier: 'basic',
      }),
    ]);

    // The application keeps saving random rows at v3 through both runs.
    const written = new Map<string, string>();
    let writing = true;
    let seq = 0;
    const writer = (async () => {
      const users = mapper.repository(BfUser);
      while (writing) {
        // Distinct keys: two racing saves of one row would leave `written` in an order the server need not share.
        const batch = [...new Set(Array.from({ length: 4 }, () => key(Math.floor(Math.random() * ROWS))))];
        await Promise.all(
          batch.map(async (userId) => {
            const displayName = `written ${++seq}`;
            await users.save(Object.assign(new BfUser(), { userId, displayName, tier: 'w' }) as BackfillUser);
            written.set(userId, displayName);
          }),
        );
      }
    })();

    const dir = scratchDir();
    const file = `${REPO}/${dir}/migrated.txt`;
    writeFileSync(file, '');
    const args = (owner: string): string[] => [
      emulatorHost(),
      instanceId,
      tableId,
      'bf-users-to-v3',
      owner,
      file,
    ];
    const status = mapper.backfill(BfUser, { id: 'bf-users-to-v3' });

    const first = startChild(args('first'));
    // Kill once at least two shards' checkpoints advanced and a good part of the rows is done.
    for (;;) {
      const s = await status.status().catch(() => undefined);
      const advanced = s?.shards.filter((x) => x.lastKey !== null).length ?? 0;
      if (advanced >= 2 && (s?.total.migrated ?? 0) >= ROWS / 5) break;
      await Promise.race([first.exit, sleep(100)]);
      if (first.child.exitCode !== null)
        throw new TypeError(`the first runner ended early: ${(await first.exit).stderr}`);
    }
    first.child.kill('SIGKILL');
    const killed = await first.exit;
    expect(killed.signal).toBe('SIGKILL');
    const midway = await status.status();
    expect(midway.done).toBe(false);

    const second = await startChild(args('second')).exit;
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ complete: true, failed: 0 });
    writing = false;
    await writer;

    // No row migrated twice, across both processes.
    const migrated = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(new Set(migrated).size).toBe(migrated.length);
    // Every row the application did not write was migrated by one of them; only rows in flight at the kill may
    // have been rewritten without reaching the file (their rewrite is the only one: the resumed run skips them).
    const listed = new Set(migrated);
    const missing = Array.from({ length: ROWS }, (_, i) => key(i)).filter(
      (k) => !written.has(k) && !listed.has(k),
    );
    expect(missing.length).toBeLessThanOrEqual(48);

    // Every row at v3, counted by a dry run.
    const after = await mapper.backfill(BfUser, { id: 'bf-dry-after', dryRun: true }).run();
    expect(after.byVersion).toEqual({ 3: ROWS });
    const final = await status.status();
    expect(final.done).toBe(true);

    // Every concurrent write is visible.
    const users = mapper.repository(BfUser);
    const keys = [...written.keys()];
    const rows = await users.getMany(keys.map((userId) => ({ userId })));
    keys.forEach((k, i) =>
      expect((rows[i] as BackfillUser | undefined)?.displayName, k).toBe(written.get(k)),
    );
    expect(written.size).toBeGreaterThan(50);
  }, 420_000);
});
