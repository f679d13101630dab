import { beforeAll, describe, expect, it } from 'vitest';
import { QueryError } from '../../../src/errors/query-error.js';
import type { Query } from '../../../src/query/builder/query.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { Reading } from '../../unit/query/query-fixtures.js';

/** Deterministic generator (mulberry32) so a failure reproduces. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = rng(20240501);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const TYPES = ['phone', 'phonex', 'tablet', 'watch'];
const IDS = ['a', 'b', 'c'];
const STATUSES = ['idle', 'busy', 'broken', 'büsy', ''];

function generate(): Reading[] {
  const out: Reading[] = [];
  for (const deviceType of TYPES) {
    for (const deviceId of IDS) {
      for (let seq = 0; seq < 8; seq++) {
        if (random() < 0.25) continue;
        const notes = Array.from({ length: Math.floor(random() * 4) }, (_, i) => ({
          timestamp: new Date(1_700_000_000_000 - i * 1000 - Math.floor(random() * 100)),
          value: `n${i}`,
        }));
        const tags = new Map<string, string>();
        for (const t of ['x1', 'x2', 'y1', 'z']) if (random() < 0.5) tags.set(t, pick(['u', 'v']));
        out.push(
          Object.assign(new Reading(), {
            deviceType,
            deviceId,
            seq,
            status: pick(STATUSES),
            level: pick([-300, -1, 0, 1, 4, 5, 99]),
            cpu: Math.round(random() * 100) / 100,
            ok: random() < 0.5,
            seenAt:
              random() < 0.3 ? undefined : new Date(pick([-5000, 0, 1_600_000_000_000, 1_700_000_000_000])),
            notes,
            tags,
          }),
        );
      }
    }
  }
  return out;
}

describe('queries on the emulator match an in-memory oracle', () => {
  const mapper = useMapper([Reading], { now: () => 1_700_000_100_000 });
  const data = generate();
  const repo = () => mapper().repository(Reading);
  const keyOf = (r: Reading): Buffer => Buffer.from(repo().keyOf(r));
  const sorted = (rows: Reading[], reverse = false): Reading[] => {
    const s = [...rows].sort((a, b) => Buffer.compare(keyOf(a), keyOf(b)));
    return reverse ? s.reverse() : s;
  };
  const ids = (rows: readonly Partial<Reading>[]): string[] =>
    rows.map((r) => `${r.deviceType}/${r.deviceId}/${r.seq}`);
  const expectSame = async (query: Query<Reading, Partial<Reading>>, expected: Reading[]): Promise<void> => {
    const got = await query.toArray();
    expect(ids(got)).toEqual(ids(expected));
    expect(await query.count()).toBe(expected.length);
    expect(await query.exists()).toBe(expected.length > 0);
  };

  beforeAll(async () => {
    await repo().saveMany(data);
  });

  it('prefix: one device type never includes a longer type with the same start', async () => {
    await expectSame(
      repo().find({ deviceType: 'phone' }),
      sorted(data.filter((r) => r.deviceType === 'phone')),
    );
  });

  it('whole rows come back equal to what was saved', async () => {
    const got = await repo().find({ deviceType: 'tablet', deviceId: 'b' }).toArray();
    expect(got).toEqual(sorted(data.filter((r) => r.deviceType === 'tablet' && r.deviceId === 'b')));
  });

  it('ranges on the next key part, in, reverse and limit', async () => {
    const base = data.filter((r) => r.deviceType === 'watch' && r.deviceId === 'c');
    await expectSame(
      repo().find({ deviceType: 'watch', deviceId: 'c' }).where('seq', 'between', [2, 5]),
      sorted(base.filter((r) => r.seq >= 2 && r.seq <= 5)),
    );
    await expectSame(
      repo().find({ deviceType: 'watch', deviceId: 'c' }).where('seq', '>', 3).where('seq', '<=', 6),
      sorted(base.filter((r) => r.seq > 3 && r.seq <= 6)),
    );
    await expectSame(
      repo().find().where('deviceType', 'in', ['tablet', 'phone']).reverse().limit(7),
      sorted(
        data.filter((r) => r.deviceType === 'tablet' || r.deviceType === 'phone'),
        true,
      ).slice(0, 7),
    );
    await expectSame(
      repo().find().where('deviceType', 'startsWith', 'pho'),
      sorted(data.filter((r) => r.deviceType.startsWith('pho'))),
    );
  });

  it('a condition on a later key part is checked on the decoded key', async () => {
    await expectSame(
      repo().find({ deviceType: 'phone' }).where('seq', '>=', 6),
      sorted(data.filter((r) => r.deviceType === 'phone' && r.seq >= 6)),
    );
  });

  const columnCases: Array<[string, (q: Query<Reading>) => Query<Reading>, (r: Reading) => boolean]> = [
    ['status =', (q) => q.where('status', '=', 'busy'), (r) => r.status === 'busy'],
    ['status = empty string', (q) => q.where('status', '=', ''), (r) => r.status === ''],
    [
      'status >',
      (q) => q.where('status', '>', 'busy'),
      (r) => Buffer.compare(Buffer.from(r.status), Buffer.from('busy')) > 0,
    ],
    ['status startsWith', (q) => q.where('status', 'startsWith', 'b'), (r) => r.status.startsWith('b')],
    ['status !=', (q) => q.where('status', '!=', 'idle'), (r) => r.status !== 'idle'],
    [
      'status in',
      (q) => q.where('status', 'in', ['idle', 'büsy']),
      (r) => ['idle', 'büsy'].includes(r.status),
    ],
    ['level < (negative values)', (q) => q.where('level', '<', 4), (r) => r.level < 4],
    ['level >= -1', (q) => q.where('level', '>=', -1), (r) => r.level >= -1],
    ['level between', (q) => q.where('level', 'between', [-300, 0]), (r) => r.level >= -300 && r.level <= 0],
    ['level !=', (q) => q.where('level', '!=', 0), (r) => r.level !== 0],
    ['ok = true', (q) => q.where('ok', '=', true), (r) => r.ok],
    ['cpu > (client side)', (q) => q.where('cpu', '>', 0.5), (r) => r.cpu > 0.5],
    [
      'seenAt < (optional, negative)',
      (q) => q.where('seenAt', '<', new Date(1)),
      (r) => r.seenAt !== undefined && r.seenAt.getTime() < 1,
    ],
    ['two conditions', (q) => q.where('ok', '=', false).where('level', '>', 0), (r) => !r.ok && r.level > 0],
  ];
  for (const [name, build, predicate] of columnCases) {
    it(`column condition: ${name}`, async () => {
      await expectSame(
        build(repo().find().where('deviceType', 'in', ['phone', 'watch'])),
        sorted(data.filter((r) => (r.deviceType === 'phone' || r.deviceType === 'watch') && predicate(r))),
      );
      await expectSame(
        build(repo().scan()).reverse().limit(5),
        sorted(data.filter(predicate), true).slice(0, 5),
      );
    });
  }

  it('select reads only the selected properties; the rest are absent', async () => {
    const got = await repo().find({ deviceType: 'phone' }).select('status', 'tags').toArray();
    const expected = sorted(data.filter((r) => r.deviceType === 'phone'));
    expect(got).toEqual(
      expected.map((r) =>
        Object.assign(Object.create(Reading.prototype) as Reading, {
          deviceType: r.deviceType,
          deviceId: r.deviceId,
          seq: r.seq,
          status: r.status,
          tags: r.tags,
        }),
      ),
    );
    expect('cpu' in got[0]!).toBe(false);
  });

  it('versions and map entries restrict what is read per row', async () => {
    const got = await repo()
      .find({ deviceType: 'tablet' })
      .versions({ latest: 2 })
      .entries('tags', { prefix: 'x', limit: 1 })
      .toArray();
    const expected = sorted(data.filter((r) => r.deviceType === 'tablet'));
    expect(ids(got)).toEqual(ids(expected));
    got.forEach((row, i) => {
      const want = expected[i]!;
      expect(row.notes).toEqual(want.notes.slice(0, 2));
      const firstX = [...want.tags.keys()].filter((k) => k.startsWith('x')).sort()[0];
      expect([...row.tags.keys()]).toEqual(firstX === undefined ? [] : [firstX]);
      expect(row.status).toBe(want.status);
    });
    const since = await repo()
      .find({ deviceType: 'tablet' })
      .versions({ since: new Date(1_700_000_000_000 - 1500) })
      .entries('tags', { from: 'x2', to: 'z' })
      .toArray();
    since.forEach((row, i) => {
      const want = expected[i]!;
      expect(row.notes).toEqual(want.notes.filter((n) => n.timestamp.getTime() >= 1_700_000_000_000 - 1500));
      expect([...row.tags.keys()].sort()).toEqual(
        [...want.tags.keys()].filter((k) => k >= 'x2' && k < 'z').sort(),
      );
    });
  });

  for (const reverse of [false, true]) {
    for (const residual of [false, true]) {
      it(`pages with cursors (reverse ${reverse}, client-side condition ${residual}) resume exactly`, async () => {
        let query = repo().find().where('deviceType', 'in', ['phone', 'tablet', 'watch']);
        if (residual) query = query.where('cpu', '<', 0.7);
        if (reverse) query = query.reverse();
        const expected = sorted(
          data.filter((r) => r.deviceType !== 'phonex' && (!residual || r.cpu < 0.7)),
          reverse,
        );
        const seen: Reading[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          // A fresh builder each time: the cursor is all the state a new process would have.
          let q = repo().find().where('deviceType', 'in', ['phone', 'tablet', 'watch']);
          if (residual) q = q.where('cpu', '<', 0.7);
          if (reverse) q = q.reverse();
          const page = await (cursor ? q.after(cursor) : q).page(7);
          seen.push(...page.items);
          cursor = page.cursor;
          pages++;
        } while (cursor);
        expect(ids(seen)).toEqual(ids(expected));
        expect(pages).toBe(Math.max(1, Math.ceil(expected.length / 7)));
        void query;
      });
    }
  }

  it('an empty plan yields nothing and sends no request', async () => {
    const q = repo().find({ deviceType: 'phone' }).where('deviceType', '=', 'tablet');
    expect(q.compile().request).toBeUndefined();
    expect(await q.toArray()).toEqual([]);
    expect(await repo().find().where('deviceType', 'in', []).count()).toBe(0);
  });

  it('bad queries fail with QueryError before any request', async () => {
    const bad = [
      () => repo().find().toArray(),
      () => repo().find().where('deviceId', '=', 'a').toArray(),
      () =>
        repo()
          .find({ deviceType: 'phone' })
          .where('nope' as 'status', '=', 'x')
          .toArray(),
      () =>
        repo()
          .find({ deviceType: 'phone' })
          .where('level', '=', 'high' as unknown as number)
          .toArray(),
      () =>
        repo()
          .find({ deviceType: 5 as unknown as string })
          .toArray(),
      () => repo().find({ deviceType: 'phone' }).after('garbage').toArray(),
    ];
    for (const run of bad) await expect(run()).rejects.toBeInstanceOf(QueryError);
    const { cursor } = await repo().find({ deviceType: 'phone' }).page(1);
    await expect(repo().find({ deviceType: 'tablet' }).after(cursor!).toArray()).rejects.toThrow(
      /different query/,
    );
  });
});
