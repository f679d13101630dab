// Backfill plans, dry runs and checkpoints on the emulator (the runs that rewrite rows are in backfill-run.test.ts).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { BackfillCheckpoints, BACKFILL_TABLE } from '../../../src/backfill/backfill-checkpoints.js';
import { resolveCallPolicy } from '../../../src/transport/call-policy.js';
import { User, UserV1, UserV2, v1, v2, v3 } from './evolving-users.js';

const mapper = useMapper([User]);
const uniqueId = (name: string): string => `${name}-${randomBytes(4).toString('hex')}`;

/** A mapper writing the old declarations into the v3 table, as old deployments did. */
function oldDeployment(): Mapper {
  const table = mapper().repository(User).tableId;
  return new Mapper(mapper().connection, { tableIds: { evo_users_v1: table, evo_users_v2: table } });
}

const pad = (n: number): string => String(n).padStart(5, '0');

describe('backfill plans and dry runs', () => {
  it('a dry run counts rows per schema version, upcasts a sample and writes nothing', async () => {
    const old = oldDeployment();
    await old
      .repository(UserV1)
      .saveMany(Array.from({ length: 30 }, (_, i) => v1(`dry-${pad(i)}`, `N${i}`, {}, { a: 'x' })));
    await old
      .repository(UserV2)
      .saveMany(Array.from({ length: 20 }, (_, i) => v2(`dry-${pad(100 + i)}`, `D${i}`, {}, {})));
    await mapper()
      .repository(User)
      .saveMany(Array.from({ length: 10 }, (_, i) => v3(`dry-${pad(200 + i)}`, `E${i}`, {}, {})));
    const id = uniqueId('dry');
    const backfill = mapper().backfill(User, { id, dryRun: true, shards: 3, sample: 4 });
    const report = await backfill.run();
    expect(report.byVersion).toEqual({ 1: 30, 2: 20, 3: 10 });
    expect(report).toMatchObject({
      dryRun: true,
      complete: true,
      rowsRead: 60,
      migrated: 50,
      skipped: 10,
      failed: 0,
    });
    expect(report.samples).toHaveLength(4);
    expect(report.samples.every((s) => s.fromVersion < 3 && s.entity instanceof User)).toBe(true);
    const first = report.samples.find((s) => s.fromVersion === 1);
    if (first) expect(first.entity.displayName).toMatch(/^N\d+$/);
    // Nothing was stored: no plan, no checkpoint.
    expect(await backfill.status()).toMatchObject({ planned: false, shards: [] });
  });

  it('the plan is stored once: a second process with other options gets the same shards', async () => {
    const id = uniqueId('shared');
    const first = await mapper().backfill(User, { id, shards: 4 }).plan();
    // The emulator's SampleRowKeys answer varies with what its tables hold: usually the end key only (even
    // splits), sometimes enough samples to cut at.
    expect(['even', 'samples']).toContain(first.method);
    expect(first.shards).toHaveLength(4);
    const second = await mapper().backfill(User, { id, shards: 7 }).plan();
    expect(second.method).toBe('stored');
    expect(second.shards).toEqual(first.shards);
    const status = await mapper().backfill(User, { id }).status();
    expect(status).toMatchObject({ planned: true, done: false });
    expect(status.shards.map((s) => [s.index, s.lastKey, s.done, s.owner])).toEqual([
      [0, null, false, null],
      [1, null, false, null],
      [2, null, false, null],
      [3, null, false, null],
    ]);
  });

  it('an id whose stored plan is for another prefix or entity is refused', async () => {
    const id = uniqueId('other');
    await mapper().backfill(User, { id, shards: 2 }).plan();
    await expect(
      mapper()
        .backfill(User, { id, prefix: { userId: 'x' } })
        .plan(),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('bad options are refused before anything is sent', () => {
    expect(() => mapper().backfill(User, { id: 'no spaces' })).toThrow(InvalidArgumentError);
    expect(() => mapper().backfill(User, { shards: 0 })).toThrow(/options\.shards/);
    expect(() => mapper().backfill(User, { rowsPerSecond: -1 })).toThrow(/rowsPerSecond/);
  });
});

describe('backfill checkpoints', () => {
  it('an update from a stale read is refused, so two processes never both advance a shard', async () => {
    const id = uniqueId('cas');
    await mapper().backfill(User, { id, shards: 2 }).plan();
    const store = new BackfillCheckpoints(
      mapper().connection,
      BACKFILL_TABLE,
      resolveCallPolicy({}),
      async () => undefined,
    );
    const [shard] = await store.shards(id);
    const a = await store.update(id, shard!, { ...shard!.state, owner: 'a', leaseUntil: 1, seq: 1 });
    const b = await store.update(id, shard!, { ...shard!.state, owner: 'b', leaseUntil: 1, seq: 1 });
    expect(a?.state.owner).toBe('a');
    expect(b).toBeUndefined();
    const advanced = await store.update(
      id,
      a!,
      { ...a!.state, lastKey: Buffer.from('k'), failed: 1, seq: 2 },
      [{ key: Buffer.from('k'), message: 'upcast failed' }],
    );
    expect(advanced).toBeDefined();
    const [again] = await store.shards(id);
    expect(Buffer.from(again!.state.lastKey!).toString()).toBe('k');
    expect(again!.failed.map((f) => [Buffer.from(f.key).toString(), f.message])).toEqual([
      ['k', 'upcast failed'],
    ]);
  });
});
