// Backfill runs on the emulator: resume from a checkpoint, two runners sharing one plan, the rate limit's pacing
// counted per row, failures reported with their keys.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { AbortedError } from '../../../src/errors/aborted-error.js';
import { getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import { wholeEntityReadFilter } from '../../../src/query/compiler/filters/entity-read-filter.js';
import { entityPrefixRanges } from '../../../src/query/planner/entity-key-span.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { resolveCallPolicy } from '../../../src/transport/call-policy.js';
import { inspectRow } from '../../../src/backfill/migrate-row.js';
import { scanShard, Slots } from '../../../src/backfill/scan-shard.js';
import type { BackfillProgress, BackfillRowEvent } from '../../../src/backfill/backfill-types.js';
import { BfUser, BfUserV1 } from '../../fixtures/cli/backfill-users.mjs';

const mapper = useMapper([BfUser]);
const uniqueId = (name: string): string => `${name}-${randomBytes(4).toString('hex')}`;
const text = (k: Uint8Array): string => Buffer.from(k).toString('latin1');

/** Writes v1 rows `<prefix>00000…` as the old deployment did. */
async function writeV1(
  prefix: string,
  count: number,
  name: (i: number) => string = (i) => `n${i}`,
): Promise<string[]> {
  const table = mapper().repository(BfUser).tableId;
  const old = new Mapper(mapper().connection, { tableIds: { bf_users_v1: table } });
  const keys = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);
  await old
    .repository(BfUserV1)
    .saveMany(
      keys.map((userId, i) => Object.assign(new BfUserV1(), { userId, fullName: name(i), age: BigInt(i) })),
    );
  return keys;
}

function migratedKeys(events: readonly BackfillRowEvent[]): string[] {
  return events.filter((e) => e.outcome === 'migrated').map((e) => text(e.key));
}

describe('backfill runs', () => {
  it('a stop the worker, a pace sleep or the scan notices first rejects as AbortedError, never a bare DOMException', async () => {
    await writeV1('stopped-', 20);
    // Aborted before run(): the worker's first check sees it (the race CI once lost, made certain here).
    const already = AbortSignal.abort();
    for (const extra of [{}, { dryRun: true }, { rowsPerSecond: 1 }, { rowsPerSecond: 1, dryRun: true }]) {
      const run = mapper().backfill(BfUser, {
        id: uniqueId('stopped'),
        owner: 'me',
        signal: already,
        ...extra,
      });
      const error = await run.run().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, JSON.stringify(extra)).toBeInstanceOf(AbortedError);
      expect(error).toMatchObject({ code: 'ABORTED' });
      expect((error as AbortedError).cause).toBe(already.reason);
    }
    // Aborted while a paced run sleeps for its next token.
    const stop = new AbortController();
    const paced = mapper().backfill(BfUser, {
      id: uniqueId('stopped-paced'),
      owner: 'me',
      signal: stop.signal,
      rowsPerSecond: 0.5,
      onRow: () => setTimeout(() => stop.abort(), 20),
    });
    await expect(paced.run()).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('a stopped run keeps its checkpoint and the next run resumes after it, migrating each row once', async () => {
    const keys = await writeV1('res-', 300);
    const id = uniqueId('resume');
    const first: BackfillRowEvent[] = [];
    const stop = new AbortController();
    const options = { id, owner: 'me', shards: 1, concurrency: 4, checkpointEveryRows: 25 };
    const run1 = mapper().backfill(BfUser, {
      ...options,
      signal: stop.signal,
      onRow: (e) => {
        first.push(e);
        if (first.length === 120) stop.abort();
      },
    });
    await expect(run1.run()).rejects.toBeInstanceOf(AbortedError);
    const midway = await run1.status();
    expect(midway.done).toBe(false);
    const checkpointed = midway.shards[0]!;
    expect(checkpointed.lastKey).not.toBeNull();
    expect(checkpointed.migrated).toBeGreaterThanOrEqual(100);

    const second: BackfillRowEvent[] = [];
    const progress: BackfillProgress[] = [];
    // Without the server-side filter of current rows, only the checkpoint keeps the rows before it from being read.
    const report = await mapper()
      .backfill(BfUser, {
        ...options,
        skipCurrent: false,
        onRow: (e) => second.push(e),
        onProgress: (p) => progress.push(p),
      })
      .run();
    expect(report).toMatchObject({ complete: true, failed: 0 });
    // The last progress call: the whole key space done, this run's rows and pace.
    expect(progress.at(-1)).toMatchObject({ shards: 1, shardsDone: 1, fraction: 1, etaSeconds: 0 });
    expect(progress.at(-1)!.rowsRead).toBe(second.length);
    expect(progress.at(-1)!.rowsPerSecond).toBeGreaterThan(0);
    // The resumed scan starts after the checkpoint and the server drops rows already at v3: nothing twice.
    const all = [...migratedKeys(first), ...migratedKeys(second)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((k) => k.startsWith('res-')).sort()).toEqual(keys);
    expect(second.every((e) => text(e.key) > text(checkpointed.lastKey!))).toBe(true);
    expect(report.total.migrated).toBeGreaterThanOrEqual(300);
    const users = await mapper()
      .repository(BfUser)
      .getMany(keys.map((userId) => ({ userId })));
    expect(users[7]).toEqual(
      Object.assign(new BfUser(), { userId: keys[7], displayName: 'n7', profile: { age: 7 }, tier: 'basic' }),
    );
  });

  it('two runners sharing one plan split the shards and migrate every row exactly once', async () => {
    const keys = await writeV1('two-', 400);
    const id = uniqueId('two');
    const a: BackfillRowEvent[] = [];
    const b: BackfillRowEvent[] = [];
    const common = { id, shards: 4, parallelShards: 2, concurrency: 4 };
    await mapper().backfill(BfUser, common).plan();
    const [ra, rb] = await Promise.all([
      mapper()
        .backfill(BfUser, { ...common, owner: 'a', onRow: (e) => a.push(e) })
        .run(),
      mapper()
        .backfill(BfUser, { ...common, owner: 'b', onRow: (e) => b.push(e) })
        .run(),
    ]);
    expect(ra.complete && rb.complete).toBe(true);
    const ma = migratedKeys(a);
    const mb = migratedKeys(b);
    expect(ma.filter((k) => mb.includes(k))).toEqual([]);
    expect([...ma, ...mb].filter((k) => k.startsWith('two-')).sort()).toEqual(keys);
    const status = await mapper().backfill(BfUser, { id }).status();
    expect(status.done).toBe(true);
    expect(status.shards.every((s) => s.owner === null)).toBe(true);
  });

  it('rows whose upcast fails are reported with their keys and errors, kept in the checkpoints and left as they are', async () => {
    await writeV1('bad-', 20, (i) => (i % 7 === 3 ? 'poison' : `n${i}`));
    const id = uniqueId('fail');
    const backfill = mapper().backfill(BfUser, { id, shards: 2 });
    const report = await backfill.run();
    expect(report.failures.map((f) => text(f.key)).sort()).toEqual(['bad-00003', 'bad-00010', 'bad-00017']);
    expect(report.failures[0]!.error.message).toMatch(/poisoned/);
    expect(report.complete).toBe(true);
    const status = await backfill.status();
    expect(status.total.failed).toBe(3);
    expect(status.shards.flatMap((s) => s.failedKeys.map((f) => text(f.key))).sort()).toEqual([
      'bad-00003',
      'bad-00010',
      'bad-00017',
    ]);
    // A dry run still counts them at version 1 and says they would fail.
    const dry = await mapper()
      .backfill(BfUser, { id: uniqueId('dry'), dryRun: true })
      .run();
    expect(dry.failures.map((f) => text(f.key))).toEqual(expect.arrayContaining(['bad-00003']));
  });

  it('the scan asks the rate limit once per row it hands over, and never for rows of other entities', async () => {
    await writeV1('pace-', 50);
    const meta = getEntityMetadata(BfUser);
    let paced = 0;
    let handled = 0;
    const ranges = entityPrefixRanges(meta, undefined);
    const outcome = await scanShard(
      {
        connection: mapper().connection,
        tableId: mapper().repository(BfUser).tableId,
        policy: resolveCallPolicy({}),
        ranges,
        filter: wholeEntityReadFilter(meta, Date.now()),
        slots: new Slots(3),
        pace: async () => {
          paced++;
        },
        handle: async (row) => {
          handled++;
          return inspectRow(meta, 3, row);
        },
      },
      { start: Buffer.from('pace-'), end: Buffer.from('pace.') },
      Buffer.from('pace-00009'),
      async () => true,
    );
    expect(outcome).toBe('done');
    expect(handled).toBe(40);
    expect(paced).toBe(handled);
  });
});
