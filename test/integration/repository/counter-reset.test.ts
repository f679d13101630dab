// Setting and resetting a scalar @Counter (issue 26, item 1's last part): `setCounter` writes the 8-byte value at
// timestamp 0 after a DeleteFromColumn, as `put` does for a counter map's keys; raced against increments on the
// emulator.
import { describe, expect, it } from 'vitest';
import {
  Column,
  Counter,
  CounterMap,
  Entity,
  Family,
  Gc,
  KeyPart,
  defineEntity,
} from '../../../decorators/index.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { counterSet } from '../../../src/mapping/counter-operations.js';
import { getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { refusal } from '../../support/refusal.js';

@Entity({ table: 'posts' })
@Family('d')
@Family('stat')
class Post {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string', optional: true }) title?: string;
  @Counter({ family: 'stat' }) likes!: bigint;
  @Counter({ family: 'stat', as: 'number' }) shares!: number;
}

/** The defineEntity form of a counter. */
class Tally {
  id!: string;
  votes!: bigint;
}
defineEntity(Tally, {
  table: 'tallies',
  key: [{ property: 'id' }],
  families: { c: {} },
  properties: { votes: { kind: 'counter', family: 'c' } },
});

/** Counters in families whose GC rule collects a cell by age, and one whose rule keeps the newest cell. */
@Entity({ table: 'aged' })
@Family('stat', { gc: Gc.maxAge({ days: 7 }) })
@Family('per', { gc: Gc.union(Gc.maxVersions(1), Gc.maxAge({ days: 7 })) })
@Family('kept', { gc: Gc.intersection(Gc.maxVersions(1), Gc.maxAge({ days: 7 })) })
class Aged {
  @KeyPart(0, 'string') id!: string;
  @Counter({ family: 'stat' }) likes!: bigint;
  @CounterMap({ family: 'per', key: 'string' }) unread = new Map<string, bigint>();
  @Counter({ family: 'kept' }) views!: bigint;
}

const DAY_MS = 86_400_000;

describe('setCounter', () => {
  const mapper = useMapper([Post, Tally, Aged]);
  const posts = () => mapper().repository(Post);
  /** The same table, written by a client whose clock is `skewMs` off. */
  const skewed = (skewMs: number) =>
    new Mapper(mapper().connection, {
      ...mapper().repositoryOptions,
      now: () => Date.now() + skewMs,
    }).repository(Post);

  it('sets a counter on a missing row, resets one that has counted, and later increments count from the value', async () => {
    const key = { tenant: 't', id: 'p1' };
    await posts().setCounter(key, 'likes', 41n);
    expect(await posts().increment(key, 'likes', 1)).toBe(42n);
    await posts().increment(key, 'likes', 5);
    await posts().setCounter(key, 'likes', 0);
    const read = await posts().getOrThrow(key);
    expect(read.likes).toBe(0n);
    expect(await posts().increment(key, 'likes', 1)).toBe(1n);
    // A number counter, and a negative value.
    await posts().setCounter(key, 'shares', -3);
    expect(await posts().increment(key, 'shares', 1)).toBe(-2);
    expect((await posts().getOrThrow(key)).shares).toBe(-2);
    // Only the counter is written: other columns stay.
    await posts().update(key, { title: 'hello' });
    await posts().setCounter(key, 'likes', 7);
    expect(await posts().getOrThrow(key)).toMatchObject({ title: 'hello', likes: 7n, shares: -2 });
  });

  it('stores the value as the counter column’s only cell, at timestamp 0 (as the emulator keeps it)', async () => {
    const key = { tenant: 't', id: 'cells' };
    await posts().increment(key, 'likes', 1);
    await posts().increment(key, 'likes', 1);
    await skewed(30 * DAY_MS).setCounter(key, 'likes', 5);
    const cells = async () => {
      const rows = readRows(mapper().connection, posts().tableId, {
        rows: { rowKeys: [posts().keyOf(key)], rowRanges: [] },
      });
      const out: Array<{ ts: bigint; value: string }> = [];
      for await (const row of rows)
        for (const c of row.cells)
          if (c.family === 'stat' && Buffer.from(c.qualifier).toString() === 'likes')
            out.push({ ts: c.timestampMicros, value: Buffer.from(c.value).toString('hex') });
      return out;
    };
    expect(await cells()).toEqual([{ ts: 0n, value: '0000000000000005' }]);
    await posts().increment(key, 'likes', 1);
    const after = await cells();
    expect(after[0]).toMatchObject({ value: '0000000000000006' });
    expect(after[0]!.ts).toBeGreaterThan(0n);
  });

  it('works on a defineEntity counter', async () => {
    const tallies = mapper().repository(Tally);
    await tallies.increment({ id: 'x' }, 'votes', 9);
    await tallies.setCounter({ id: 'x' }, 'votes', 100);
    expect(await tallies.increment({ id: 'x' }, 'votes', 1)).toBe(101n);
  });

  it('no value from before a reset comes back, whatever the writers’ clocks', async () => {
    const key = { tenant: 't', id: 'p2' };
    // Increments by a normal client, a reset by a client a month ahead, increments after it by one a month behind.
    // (The emulator writes an increment at the later of its time and the latest cell's, so it cannot tell a reset
    // at the epoch from one at the client's clock; the request-shape test below pins the epoch, which does not depend
    // on that rule.)
    await posts().increment(key, 'likes', 10);
    await skewed(30 * DAY_MS).setCounter(key, 'likes', 3);
    expect(await skewed(-30 * DAY_MS).increment(key, 'likes', 1)).toBe(4n);
    expect((await posts().getOrThrow(key)).likes).toBe(4n);
    // And a reset by a client a month behind still replaces the increments before it.
    await posts().increment(key, 'likes', 10);
    await skewed(-30 * DAY_MS).setCounter(key, 'likes', 0);
    expect((await posts().getOrThrow(key)).likes).toBe(0n);
  });

  it('a reset racing increments: each increment ordered after it counts from it, none ordered before survives', async () => {
    for (const round of [1, 2, 3]) {
      const key = { tenant: 't', id: `race${round}` };
      const n = 30;
      const reset = 1_000_000n * BigInt(round);
      // Some increments are answered before the reset is sent, more are in flight while it lands, and one is sent
      // only once it has been answered.
      const first = posts().increment(key, 'likes', 1);
      await first;
      const inFlight = Array.from({ length: n }, () => posts().increment(key, 'likes', 1));
      const resetting = skewed(round % 2 === 0 ? 30 * DAY_MS : -30 * DAY_MS).setCounter(key, 'likes', reset);
      const racing = Array.from({ length: n }, () => posts().increment(key, 'likes', 1));
      await resetting;
      const last = await posts().increment(key, 'likes', 1);
      const answers = [await first, ...(await Promise.all([...inFlight, ...racing])), last].map(BigInt);
      // The server orders every call: those before the reset count 1, 2, …; those after it reset+1, reset+2, ….
      const before = answers.filter((a) => a < reset).sort((a, b) => (a < b ? -1 : 1));
      const after = answers.filter((a) => a > reset).sort((a, b) => (a < b ? -1 : 1));
      expect(before.length + after.length).toBe(answers.length);
      expect(before).toEqual(before.map((_, i) => BigInt(i + 1)));
      expect(after).toEqual(after.map((_, i) => reset + BigInt(i + 1)));
      expect(before.length).toBeGreaterThanOrEqual(1); // `first`
      expect(after.length).toBeGreaterThanOrEqual(1); // `last`
      // The final value is the reset plus exactly the increments ordered after it: none lost, none from before.
      expect((await posts().getOrThrow(key)).likes).toBe(reset + BigInt(after.length));
    }
  });

  it('fills a scope’s key parts, and shows interceptors the setCounter operation', async () => {
    const seen: string[] = [];
    const watched = new Mapper(mapper().connection, {
      ...mapper().repositoryOptions,
      interceptors: [(call) => void seen.push(call.operation)],
    });
    await watched.scope({ tenant: 'acme' }).repository(Post).setCounter({ id: 'p3' }, 'likes', 5);
    expect(seen).toEqual(['setCounter']);
    expect((await posts().getOrThrow({ tenant: 'acme', id: 'p3' })).likes).toBe(5n);
  });

  it('refuses a bad property or value before anything is written', async () => {
    const key = { tenant: 't', id: 'p4' };
    const bad = (value: unknown): never => value as never;
    for (const value of ['0', '0x10', true, 1.5, Number.NaN, 2 ** 53, 2n ** 63n, null, undefined, [1]]) {
      const error = await refusal(posts().setCounter(key, 'likes', bad(value)), InvalidArgumentError);
      expect(error).toMatchObject({ entity: 'Post', property: 'likes', argument: 'value' });
    }
    // A number counter refuses what it could not read back as a number.
    const big = await refusal(posts().setCounter(key, 'shares', 2n ** 60n), InvalidArgumentError);
    expect(big.message).toMatch(/number counter/);
    for (const property of ['title', 'nope', 'id'])
      expect(
        (await refusal(posts().setCounter(key, bad(property), 0), InvalidArgumentError)).message,
      ).toMatch(/@Counter property \(likes, shares\)/);
    await refusal(posts().setCounter(bad(null), 'likes', 0), InvalidArgumentError);
    await refusal(posts().setCounter(key, 'likes', 0, bad({ timeoutMs: 'x' })), InvalidArgumentError);
    expect(await posts().get(key)).toBeUndefined();
  });

  it('refuses a counter whose family GC would collect the cell set at the epoch (setCounter and a counter map put)', async () => {
    const aged = mapper().repository(Aged);
    const key = { id: 'a1' };
    await aged.increment(key, 'likes', 3);
    await aged.increment(key, 'unread', [['bob', 3]]);
    // The set value would read as absent at once (reads hide what GC would collect) while the server's increments
    // might still count from it until GC runs: refused, nothing sent.
    const scalar = await refusal(aged.setCounter(key, 'likes', 0), InvalidArgumentError);
    expect(scalar.message).toMatch(/family stat has maxAge\(604800000ms\)/);
    const map = await refusal(aged.put(key, 'unread', new Map([['bob', 0n]])), InvalidArgumentError);
    expect(map).toMatchObject({ entity: 'Aged', property: 'unread' });
    expect(await aged.getOrThrow(key)).toMatchObject({ likes: 3n, unread: new Map([['bob', 3n]]) });
    // An intersection with maxVersions keeps a column's newest cell however old: the set value reads back.
    await aged.setCounter(key, 'views', 9);
    expect((await aged.getOrThrow(key)).views).toBe(9n);
    expect(await aged.increment(key, 'views', 1)).toBe(10n);
  });

  it('builds a DeleteFromColumn and a SetCell of the 8-byte big-endian value at timestamp 0', () => {
    const meta = getEntityMetadata(Post);
    const [del, set] = counterSet(meta, 'likes', -2);
    expect(del).toMatchObject({ kind: 'deleteFromColumn', family: 'stat' });
    expect(del).not.toHaveProperty('startMicros');
    expect(set).toMatchObject({ kind: 'setCell', family: 'stat', timestampMicros: 0n });
    expect(Buffer.from((set as { value: Uint8Array }).value).toString('hex')).toBe('fffffffffffffffe');
  });
});
