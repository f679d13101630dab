import { describe, expect, it } from 'vitest';
import {
  Aggregate,
  Column,
  Counter,
  Entity,
  Family,
  KeyPart,
  QualifierMap,
  Version,
} from '../../../decorators/index.js';
import { AlreadyExistsError } from '../../../src/errors/already-exists-error.js';
import { KeyEncodingError } from '../../../src/errors/key-encoding-error.js';
import { NotFoundError } from '../../../src/errors/not-found-error.js';
import { OptimisticLockError } from '../../../src/errors/optimistic-lock-error.js';
import type { RowData } from '../../../src/model/row-data.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { readRows } from '../../../src/transport/read-rows.js';

@Entity({ table: 'orders' })
@Family('d')
@Family('items')
class Order {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') orderId!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
  @Column({ family: 'd', codec: 'string', optional: true }) note?: string;
  @QualifierMap({ family: 'items', key: 'string', value: 'int64AsNumber' }) items!: Map<string, number>;
}

@Entity({ table: 'orders_oc', encoding: 'orderedCode' })
@Family('d')
class BinaryOrder {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') orderId!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'accounts' })
@Family('d')
@Family('meta')
class Account {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) balance!: number;
  @Version({ family: 'meta' }) version!: bigint;
}

@Entity({ table: 'videos' })
@Family('stat')
@Family('views', { aggregate: 'sum' })
class Video {
  @KeyPart(0, 'string') id!: string;
  @Counter({ family: 'stat' }) likes!: bigint;
  @Aggregate({ family: 'views', qualifier: 'total' }) views!: bigint;
}

function order(tenant: string, orderId: string, items: Record<string, number>, note?: string): Order {
  return Object.assign(new Order(), {
    tenant,
    orderId,
    status: 'open',
    items: new Map(Object.entries(items)),
    note,
  });
}

async function rawRows(
  mapper: ReturnType<ReturnType<typeof useMapper>>,
  tableId: string,
): Promise<RowData[]> {
  const rows: RowData[] = [];
  for await (const row of readRows(mapper.connection, tableId, {})) rows.push(row);
  return rows;
}

const text = (b: Uint8Array): string => Buffer.from(b).toString('utf8');

describe('Repository writes on the emulator', () => {
  const mapper = useMapper([Order, BinaryOrder, Account, Video]);

  it('save makes the row exactly the entity: a shrunk map leaves no stale qualifier, an absent optional is gone', async () => {
    const orders = mapper().repository(Order);
    await orders.save(order('t1', 'o1', { apple: 1, pear: 2, plum: 3 }, 'ring twice'));
    await orders.save(order('t1', 'o1', { pear: 5 }));
    const rows = (await rawRows(mapper(), orders.tableId)).filter((r) => text(r.key) === 't1#o1');
    const itemQualifiers = rows[0]!.cells.filter((c) => c.family === 'items').map((c) => text(c.qualifier));
    expect(itemQualifiers).toEqual(['pear']);
    expect(rows[0]!.cells.some((c) => text(c.qualifier) === 'note')).toBe(false);
    const loaded = await orders.get({ tenant: 't1', orderId: 'o1' });
    expect(loaded?.items).toEqual(new Map([['pear', 5]]));
    expect(loaded?.note).toBeUndefined();
  });

  it('insert on an existing row fails with AlreadyExistsError and changes nothing', async () => {
    const orders = mapper().repository(Order);
    await orders.insert(order('t1', 'ins', { a: 1 }));
    const error = await orders.insert(order('t1', 'ins', { b: 2 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlreadyExistsError);
    expect(text((error as AlreadyExistsError).key)).toBe('t1#ins');
    expect((await orders.get({ tenant: 't1', orderId: 'ins' }))?.items).toEqual(new Map([['a', 1]]));
  });

  it('update writes only the given fields, entry by entry, and refuses a missing row', async () => {
    const orders = mapper().repository(Order);
    await orders.save(order('t1', 'up', { a: 1, b: 2 }, 'keep me'));
    await orders.update(
      { tenant: 't1', orderId: 'up' },
      { status: 'shipped', items: { put: [['c', 3]], remove: ['a'] } },
    );
    const loaded = await orders.getOrThrow({ tenant: 't1', orderId: 'up' });
    expect(loaded.status).toBe('shipped');
    expect(loaded.note).toBe('keep me');
    expect(loaded.items).toEqual(
      new Map([
        ['b', 2],
        ['c', 3],
      ]),
    );
    await expect(orders.update({ tenant: 't1', orderId: 'nope' }, { status: 'x' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('getMany returns results aligned with the input, undefined where absent', async () => {
    const orders = mapper().repository(Order);
    await orders.saveMany([order('t2', 'a', {}), order('t2', 'b', { x: 1 })]);
    const got = await orders.getMany([
      { tenant: 't2', orderId: 'b' },
      { tenant: 't2', orderId: 'missing' },
      { tenant: 't2', orderId: 'a' },
      { tenant: 't2', orderId: 'b' },
    ]);
    expect(got.map((o) => o?.orderId)).toEqual(['b', undefined, 'a', 'b']);
    expect(got[2]!.items).toEqual(new Map());
  });

  it('optimistic locking: 20 concurrent writers, exactly one winner per round, no lost update in 200 rounds', async () => {
    const accounts = mapper().repository(Account);
    await accounts.save(Object.assign(new Account(), { id: 'acc', balance: 0, version: 0n }));
    let wins = 0;
    for (let round = 0; round < 200; round++) {
      const readers = await Promise.all(Array.from({ length: 20 }, () => accounts.getOrThrow({ id: 'acc' })));
      const outcomes = await Promise.allSettled(
        readers.map((a) => {
          a.balance += 1;
          return accounts.save(a);
        }),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled').length;
      const lost = outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof OptimisticLockError);
      expect(won).toBe(1);
      expect(lost).toHaveLength(19);
      wins += won;
    }
    const final = await accounts.getOrThrow({ id: 'acc' });
    expect(final.balance).toBe(wins);
    expect(final.version).toBe(201n);
  });

  it('conditional delete honours the version', async () => {
    const accounts = mapper().repository(Account);
    const a = await accounts.save(Object.assign(new Account(), { id: 'del', balance: 1, version: 0n }));
    await expect(accounts.delete({ id: 'del' }, { expectedVersion: 7n })).rejects.toBeInstanceOf(
      OptimisticLockError,
    );
    await accounts.delete({ id: 'del' }, { expectedVersion: a.version });
    expect(await accounts.get({ id: 'del' })).toBeUndefined();
  });

  it('1,000 concurrent increments give the exact total', async () => {
    const videos = mapper().repository(Video);
    const results = await Promise.all(
      Array.from({ length: 1000 }, () => videos.increment({ id: 'v1' }, 'likes', 1)),
    );
    expect(new Set(results.map(String)).size).toBe(1000);
    expect((await videos.getOrThrow({ id: 'v1' })).likes).toBe(1000n);
  });

  it('Sum aggregates add up, in one all-time cell or in time buckets', async () => {
    const videos = mapper().repository(Video);
    for (let i = 1; i <= 10; i++) await videos.aggregate({ id: 'v2' }, 'views', i);
    expect((await videos.getOrThrow({ id: 'v2' })).views).toBe(55n);
    const hour = (h: number): Date => new Date(Date.UTC(2026, 0, 1, h));
    for (const [h, n] of [
      [1, 5],
      [1, 7],
      [2, 1],
      [3, 2],
      [3, 2],
    ] as const) {
      await videos.aggregate({ id: 'v3' }, 'views', n, { bucket: hour(h) });
    }
    const [row] = (await rawRows(mapper(), videos.tableId)).filter((r) => text(r.key) === 'v3');
    const buckets = row!.cells.map((c) => [
      Number(c.timestampMicros / 1000n),
      Buffer.from(c.value).readBigInt64BE(),
    ]);
    expect(buckets).toEqual([
      [hour(3).getTime(), 4n],
      [hour(2).getTime(), 1n],
      [hour(1).getTime(), 12n],
    ]);
  });

  it('deleteByPrefix drops exactly one tenant (delimited keys)', async () => {
    const orders = mapper().repository(Order);
    const tenants = ['acme', 'acme2', 'acm', 'acmé'];
    await orders.saveMany(tenants.flatMap((t) => [order(t, '1', {}), order(t, '2', {})]));
    await orders.deleteByPrefix({ tenant: 'acme' });
    const left = (await rawRows(mapper(), orders.tableId))
      .map((r) => text(r.key))
      .filter((k) => k.startsWith('ac'));
    expect(left).toEqual(['acm#1', 'acm#2', 'acme2#1', 'acme2#2', 'acmé#1', 'acmé#2']);
    // Tenant ids that would break delimited sorting never reach Bigtable.
    await expect(orders.save(order('acme#x', '1', {}))).rejects.toBeInstanceOf(KeyEncodingError);
    await expect(orders.save(order('acme\u0000', '1', {}))).rejects.toBeInstanceOf(KeyEncodingError);
    await expect(orders.deleteByPrefix({})).rejects.toThrow(/allowEntireEntity/);
  });

  it('deleteByPrefix drops exactly one tenant (ordered-code keys, any bytes in ids)', async () => {
    const orders = mapper().repository(BinaryOrder);
    const tenants = ['acme', 'acme2', 'acm', 'acmé', 'acme#x', 'acme\u0000', 'acme\u0000\u0000x'];
    await orders.saveMany(
      tenants.flatMap((tenant) =>
        ['1', '', 'z\u0000'].map((orderId) =>
          Object.assign(new BinaryOrder(), { tenant, orderId, status: 's' }),
        ),
      ),
    );
    await orders.deleteByPrefix({ tenant: 'acme' });
    const left = await Promise.all(
      tenants.map(async (tenant) => {
        const got = await orders.getMany(['1', '', 'z\u0000'].map((orderId) => ({ tenant, orderId })));
        return [tenant, got.filter(Boolean).length] as const;
      }),
    );
    expect(Object.fromEntries(left)).toEqual({
      acme: 0,
      acme2: 3,
      acm: 3,
      acmé: 3,
      'acme#x': 3,
      'acme\u0000': 3,
      'acme\u0000\u0000x': 3,
    });
  });
});
