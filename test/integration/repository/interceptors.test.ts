import { beforeEach, describe, expect, it } from 'vitest';
import { Column, Counter, Entity, Family, KeyPart, QualifierSet } from '../../../decorators/index.js';
import { CallVetoedError } from '../../../src/errors/call-vetoed-error.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { PartialWriteError } from '../../../src/errors/partial-write-error.js';
import type { CallInterceptor, InterceptedCall } from '../../../src/mapping/intercepted-call.js';
import type { CallSummary } from '../../../src/index.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

// Issue 25, "Events and hooks": interceptors see every repository and collection call before anything is sent, with
// the operation, entity classes, table and the rows involved as bytes, and may veto it (CallVetoedError, nothing
// sent). Here against the emulator: what they see, that a veto leaves the rows as they were, and the saveMany rules.

@Entity({ table: 'icpt_purchases' })
@Family('d')
@Family('tags')
@Family('c')
class Purchase {
  declare static readonly keyParts: readonly ['tenant', 'id'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) amount = 0;
  @QualifierSet({ family: 'tags', key: 'string' }) tags = new Set<string>();
  @Counter({ family: 'c', as: 'number' }) views = 0;
}

@Entity({ table: 'icpt_purchases', parent: Purchase, literal: 'item' })
@Family('d')
class Item {
  tenant!: string;
  id!: string;
  @KeyPart(0, 'string') itemId!: string;
  @Column({ family: 'd', codec: 'string' }) sku = '';
}

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');
const purchase = (tenant: string, id: string, amount = 1): Purchase =>
  Object.assign(new Purchase(), { tenant, id, amount });

/** Only rows of tenant `acme`: every key, and every range, must lie under `acme#`. */
const acmeOnly: CallInterceptor = (call) => {
  const inside = (key: Uint8Array): boolean => text(key).startsWith('acme#');
  const ranges = call.ranges.every((r) => inside(r.start) && r.end.length > 0 && text(r.end) <= 'acme$');
  if (!call.keys.every(inside) || !ranges) throw new Error(`${call.operation} outside tenant acme`);
};

describe('interceptors', () => {
  const seen: InterceptedCall[] = [];
  const mapper = useMapper([Purchase, Item]);
  const guarded = (...interceptors: CallInterceptor[]): Mapper =>
    new Mapper(mapper().connection, { ...mapper().repositoryOptions, interceptors });
  const observed = (): Mapper =>
    guarded((call) => {
      seen.push(call);
    });
  beforeEach(() => {
    seen.length = 0;
  });

  it('see every read and write with its operation, classes, table and rows as bytes', async () => {
    const purchases = observed().repository(Purchase);
    const table = purchases.tableId;
    const p = purchase('acme', 'p1', 5);
    await purchases.save(p);
    await purchases.insert(purchase('acme', 'p2'));
    await purchases.update({ tenant: 'acme', id: 'p1' }, { amount: 6 });
    await purchases.add({ tenant: 'acme', id: 'p1' }, 'tags', ['red']);
    await purchases.remove({ tenant: 'acme', id: 'p1' }, 'tags', ['red']);
    await purchases.increment({ tenant: 'acme', id: 'p1' }, 'views', 1);
    await purchases.get({ tenant: 'acme', id: 'p1' });
    await purchases.getMany([{ tenant: 'acme', id: 'p1' }]);
    await purchases.find({ tenant: 'acme' }).toArray();
    await purchases.scan().count();
    await purchases.has({ tenant: 'acme', id: 'p1' }, 'tags', 'red');
    await purchases.saveMany([purchase('acme', 'p3'), purchase('acme', 'p4')]);
    await purchases.deleteMany([{ tenant: 'acme', id: 'p4' }]);
    await purchases.delete({ tenant: 'acme', id: 'p3' });
    await purchases.deleteByPrefix({ tenant: 'gone' }, { alsoDelete: [Item] });

    const summary = seen.map((c) => ({
      operation: c.operation,
      kind: c.kind,
      keys: c.keys.map(text),
      ranges: c.ranges.map((r) => [text(r.start), text(r.end)]),
      entities: c.entities.length,
    }));
    expect(summary).toEqual([
      { operation: 'save', kind: 'write', keys: ['acme#p1'], ranges: [], entities: 1 },
      { operation: 'insert', kind: 'write', keys: ['acme#p2'], ranges: [], entities: 1 },
      { operation: 'update', kind: 'write', keys: ['acme#p1'], ranges: [], entities: 0 },
      { operation: 'add', kind: 'write', keys: ['acme#p1'], ranges: [], entities: 0 },
      { operation: 'remove', kind: 'write', keys: ['acme#p1'], ranges: [], entities: 0 },
      { operation: 'increment', kind: 'write', keys: ['acme#p1'], ranges: [], entities: 0 },
      { operation: 'get', kind: 'read', keys: ['acme#p1'], ranges: [], entities: 0 },
      { operation: 'getMany', kind: 'read', keys: ['acme#p1'], ranges: [], entities: 0 },
      { operation: 'find', kind: 'read', keys: [], ranges: [['acme#', 'acme$']], entities: 0 },
      // A scan of an entity without a prefix reads the whole table, and is shown so.
      { operation: 'scan', kind: 'read', keys: [], ranges: [['', '']], entities: 0 },
      { operation: 'has', kind: 'read', keys: ['acme#p1'], ranges: [], entities: 0 },
      { operation: 'saveMany', kind: 'write', keys: ['acme#p3', 'acme#p4'], ranges: [], entities: 2 },
      { operation: 'deleteMany', kind: 'write', keys: ['acme#p4'], ranges: [], entities: 0 },
      { operation: 'delete', kind: 'write', keys: ['acme#p3'], ranges: [], entities: 0 },
      { operation: 'deleteByPrefix', kind: 'write', keys: [], ranges: [['gone#', 'gone$']], entities: 0 },
    ]);
    for (const call of seen) {
      expect(call.entityClasses).toEqual([Purchase]);
      expect(call.tableId).toBe(table);
      expect(Object.isFrozen(call)).toBe(true);
    }
    expect(seen[0]!.entities[0]).toBe(p);
  });

  it('see collection reads with every member class', async () => {
    await observed()
      .collection({ purchase: Purchase, items: Item })
      .key({ tenant: 'acme', id: 'p1' })
      .fetch();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ operation: 'collection', kind: 'read', entityClasses: [Purchase, Item] });
    const rows = [...seen[0]!.keys.map(text), ...seen[0]!.ranges.map((r) => text(r.start))];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.startsWith('acme#p1')).toBe(true);
  });

  it('enforce a tenant: calls of another tenant are vetoed and leave the rows as they were', async () => {
    const plain = mapper().repository(Purchase);
    await plain.save(purchase('evil', 'e1', 7));
    const purchases = guarded(acmeOnly).repository(Purchase);
    await purchases.save(purchase('acme', 'ok', 1));

    const settled = (call: Promise<unknown>): Promise<unknown> =>
      call.then(
        () => undefined,
        (e: unknown) => e,
      );
    const vetoes: Array<[string, Promise<unknown>]> = [
      ['save', settled(purchases.save(purchase('evil', 'e2')))],
      ['insert', settled(purchases.insert(purchase('evil', 'e3')))],
      ['update', settled(purchases.update({ tenant: 'evil', id: 'e1' }, { amount: 8 }))],
      ['increment', settled(purchases.increment({ tenant: 'evil', id: 'e1' }, 'views', 1))],
      ['delete', settled(purchases.delete({ tenant: 'evil', id: 'e1' }))],
      ['deleteByPrefix', settled(purchases.deleteByPrefix({ tenant: 'evil' }, { alsoDelete: [Item] }))],
      ['deleteMany', settled(purchases.deleteMany([{ tenant: 'evil', id: 'e1' }]))],
      ['saveMany', settled(purchases.saveMany([purchase('acme', 'a9'), purchase('evil', 'e4')]))],
      ['get', settled(purchases.get({ tenant: 'evil', id: 'e1' }))],
      ['find', settled(purchases.find({ tenant: 'evil' }).toArray())],
      ['scan', settled(purchases.scan().toArray())],
    ];
    for (const [operation, call] of vetoes) {
      const error = await call;
      expect(error, operation).toBeInstanceOf(CallVetoedError);
      expect(error, operation).toMatchObject({
        code: 'CALL_VETOED',
        operation,
        entity: 'Purchase',
        reason: `${operation} outside tenant acme`,
      });
    }
    // Nothing was written, changed or deleted; not even the acme entity of the vetoed saveMany.
    expect(await plain.get({ tenant: 'evil', id: 'e1' })).toMatchObject({ amount: 7, views: 0 });
    for (const id of ['e2', 'e3', 'e4']) expect(await plain.get({ tenant: 'evil', id })).toBeUndefined();
    expect(await plain.get({ tenant: 'acme', id: 'a9' })).toBeUndefined();
    expect(await purchases.get({ tenant: 'acme', id: 'ok' })).toMatchObject({ amount: 1 });
    expect(await purchases.find({ tenant: 'acme' }).count()).toBeGreaterThan(0);
  });

  it('run in order, awaited; the first veto stops the rest; a CallVetoedError thrown is passed on unchanged', async () => {
    const order: string[] = [];
    const own = new CallVetoedError({ operation: 'get', entity: 'Purchase', tableId: 't' }, 'mine');
    const purchases = guarded(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('first');
      },
      (call) => {
        order.push('second');
        if (call.operation === 'get') throw own;
        if (call.operation === 'find') return Promise.reject(new Error('async no'));
      },
      () => {
        order.push('third');
      },
    ).repository(Purchase);
    await expect(purchases.get({ tenant: 'acme', id: 'p1' })).rejects.toBe(own);
    expect(order).toEqual(['first', 'second']);
    order.length = 0;
    await expect(purchases.find({ tenant: 'acme' }).first()).rejects.toMatchObject({
      code: 'CALL_VETOED',
      reason: 'async no',
    });
    await purchases.getMany([{ tenant: 'acme', id: 'p1' }]);
    expect(order).toEqual(['first', 'second', 'first', 'second', 'third']);
  });

  it('see a streamed saveMany chunk by chunk: a vetoed chunk is not written, earlier chunks are', async () => {
    const purchases = guarded(acmeOnly).repository(Purchase);
    const chunks: number[] = [];
    const counting = guarded((call) => {
      if (call.operation === 'saveMany') chunks.push(call.keys.length);
    }).repository(Purchase);
    async function* load(tenantAt: (i: number) => string): AsyncGenerator<Purchase> {
      for (let i = 0; i < 2_500; i++) yield purchase(tenantAt(i), `s${String(i).padStart(4, '0')}`);
    }
    await counting.saveMany(load(() => 'acme'));
    expect(chunks).toEqual([2_000, 500]);

    const error = await purchases.saveMany(load((i) => (i === 2_100 ? 'evil' : 'acme'))).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PartialWriteError);
    const partial = error as PartialWriteError;
    expect(partial.outcomes).toHaveLength(2_500);
    expect(partial.outcomes.slice(0, 2_000).every((o) => o === 'written')).toBe(true);
    expect(partial.outcomes.slice(2_000).every((o) => o === 'notWritten')).toBe(true);
    expect(partial.failures).toHaveLength(1);
    expect(partial.failures[0]).toMatchObject({ index: 2_000, outcome: 'notWritten' });
    expect(partial.failures[0]!.cause).toBeInstanceOf(CallVetoedError);
  });

  it('get copies of the keys: an interceptor that overwrites them changes nothing that is sent', async () => {
    const scribble: CallInterceptor = (call) => {
      for (const key of call.keys) key.fill(0x7a);
      for (const range of call.ranges) range.start.fill(0x7a);
    };
    const purchases = guarded(scribble).repository(Purchase);
    await purchases.saveMany([purchase('acme', 'k1', 11), purchase('acme', 'k2', 12)]);
    await purchases.save(purchase('acme', 'k3', 13));
    const plain = mapper().repository(Purchase);
    expect(
      (
        await plain.getMany([
          { tenant: 'acme', id: 'k1' },
          { tenant: 'acme', id: 'k2' },
        ])
      ).map((p) => p?.amount),
    ).toEqual([11, 12]);
    expect((await purchases.get({ tenant: 'acme', id: 'k3' }))?.amount).toBe(13);
    expect((await purchases.find({ tenant: 'acme', id: 'k1' }).toArray()).map((p) => p.amount)).toEqual([11]);
  });

  it('a vetoed write is a failed call in the mapper events, with no request sent', async () => {
    const vetoing = guarded(acmeOnly);
    const calls: CallSummary[] = [];
    const off = vetoing.events.on('call', (c) => void calls.push(c));
    const purchases = vetoing.repository(Purchase);
    await expect(purchases.save(purchase('evil', 'ev1'))).rejects.toBeInstanceOf(CallVetoedError);
    await expect(purchases.saveMany([purchase('evil', 'ev2')])).rejects.toBeInstanceOf(CallVetoedError);
    off();
    expect(calls.map((c) => [c.operation, c.outcome, c.errorCode, c.requests])).toEqual([
      ['save', 'error', 'CALL_VETOED', 0],
      ['saveMany', 'error', 'CALL_VETOED', 0],
    ]);
  });

  it('refuse an interceptor that is no function, when the mapper is made', () => {
    for (const interceptors of [[42], 'x', [undefined], {}]) {
      expect(
        () => new Mapper(mapper().connection, { interceptors: interceptors as never }),
        String(interceptors),
      ).toThrow(InvalidArgumentError);
    }
  });
});
