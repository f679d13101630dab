import { describe, expect, it } from 'vitest';
import { Column, Entity, Evolve, Family, KeyPart, Version } from '../../../decorators/index.js';
import { OptimisticLockError } from '../../../src/errors/optimistic-lock-error.js';
import type { RowData } from '../../../src/model/row-data.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { readRows } from '../../../src/transport/read-rows.js';

// Issue 23 A1: a versioned entity read at version 1, then the row deleted and re-created by someone else (version 1
// again): save(stale) overwrote the new row and delete(stale) deleted it. The version cell now carries a write id,
// and a copy the SDK returned is checked against the exact cell it was read with.

@Entity({ table: 'aba_ledgers' })
@Family('d')
@Family('meta')
class Ledger {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) owner!: string;
  @Version({ family: 'meta' }) version!: bigint;
}

@Entity({ table: 'aba_counts' })
@Family('d')
@Family('meta')
class Count {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) n!: number;
  @Version({ family: 'meta', as: 'number' }) version!: number;
}

@Entity({ table: 'aba_evolving' })
@Evolve({ version: 1, family: 'meta' })
@Family('d')
@Family('meta')
class Doc {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) body!: string;
  @Version({ family: 'meta' }) version!: bigint;
}

const ledger = (id: string, owner: string): Ledger => Object.assign(new Ledger(), { id, owner, version: 0n });

async function lockError(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OptimisticLockError);
}

describe('optimistic locking is ABA-safe: a stale copy never writes or deletes a re-created row', () => {
  const mapper = useMapper([Ledger, Count, Doc]);

  /** Someone else deletes the row and creates a new one under the same key: version 1 again. */
  async function recreate(id: string, owner: string): Promise<void> {
    const ledgers = mapper().repository(Ledger);
    await ledgers.delete({ id });
    await ledgers.save(ledger(id, owner));
    expect((await ledgers.getOrThrow({ id })).version).toBe(1n);
  }

  async function rawVersionCell(tableId: string, id: string): Promise<Uint8Array | undefined> {
    const rows: RowData[] = [];
    for await (const row of readRows(mapper().connection, tableId, {
      rows: { rowKeys: [new TextEncoder().encode(id)], rowRanges: [] },
    }))
      rows.push(row);
    return rows[0]?.cells.find((c) => c.family === 'meta')?.value;
  }

  it('save(stale) of a copy read before the row was re-created is refused', async () => {
    const ledgers = mapper().repository(Ledger);
    await ledgers.save(ledger('save', 'alice'));
    const stale = await ledgers.getOrThrow({ id: 'save' });
    await recreate('save', 'bob');

    stale.owner = 'mallory';
    await lockError(ledgers.save(stale));
    expect((await ledgers.getOrThrow({ id: 'save' })).owner).toBe('bob');
  });

  it('delete(stale) of a copy read before the row was re-created is refused', async () => {
    const ledgers = mapper().repository(Ledger);
    await ledgers.save(ledger('delete', 'alice'));
    const stale = await ledgers.getOrThrow({ id: 'delete' });
    await recreate('delete', 'bob');

    await lockError(ledgers.delete(stale));
    await lockError(ledgers.delete(stale, { expectedVersion: 1n }));
    expect((await ledgers.getOrThrow({ id: 'delete' })).owner).toBe('bob');
  });

  it('update(stale, …, { expectedVersion }) with the copy as key is refused', async () => {
    const ledgers = mapper().repository(Ledger);
    await ledgers.save(ledger('update', 'alice'));
    const stale = await ledgers.getOrThrow({ id: 'update' });
    await recreate('update', 'bob');

    await lockError(ledgers.update(stale, { owner: 'mallory' }, { expectedVersion: stale.version }));
    expect((await ledgers.getOrThrow({ id: 'update' })).owner).toBe('bob');
  });

  it('the entity a save returned is stale too once the row is re-created', async () => {
    const ledgers = mapper().repository(Ledger);
    const mine = await ledgers.save(ledger('saved', 'alice'));
    await recreate('saved', 'bob');
    mine.owner = 'mallory';
    await lockError(ledgers.save(mine));
    await lockError(ledgers.delete(mine));
    expect((await ledgers.getOrThrow({ id: 'saved' })).owner).toBe('bob');
  });

  it('the entities insert and saveMany advanced are checked by their exact cell too', async () => {
    const ledgers = mapper().repository(Ledger);
    const inserted = await ledgers.insert(ledger('inserted', 'alice'));
    const [batched] = [ledger('batched', 'alice')];
    await ledgers.saveMany([batched!]);
    expect(batched!.version).toBe(1n);
    await recreate('inserted', 'bob');
    await recreate('batched', 'bob');
    await lockError(ledgers.save(inserted));
    await lockError(ledgers.delete(batched!));
    const stillFresh = await ledgers.getOrThrow({ id: 'batched' });
    await ledgers.saveMany([stillFresh]);
    expect(stillFresh.version).toBe(2n);
    await ledgers.delete(stillFresh);
  });

  it('a partially loaded stale copy (select with the version) is refused', async () => {
    const ledgers = mapper().repository(Ledger);
    await ledgers.save(ledger('partial', 'alice'));
    const [stale] = await ledgers.find({ id: 'partial' }).select('owner', 'version').toArray();
    await recreate('partial', 'bob');
    stale!.owner = 'mallory';
    await lockError(ledgers.save(stale as Ledger));
    expect((await ledgers.getOrThrow({ id: 'partial' })).owner).toBe('bob');
  });

  it('a number version, and an entity with @Evolve, are as safe', async () => {
    const counts = mapper().repository(Count);
    await counts.save(Object.assign(new Count(), { id: 'n', n: 1, version: 0 }));
    const staleCount = await counts.getOrThrow({ id: 'n' });
    await counts.delete({ id: 'n' });
    await counts.save(Object.assign(new Count(), { id: 'n', n: 2, version: 0 }));
    staleCount.n = 99;
    await lockError(counts.save(staleCount));
    await lockError(counts.delete(staleCount));
    expect((await counts.getOrThrow({ id: 'n' })).n).toBe(2);

    const docs = mapper().repository(Doc);
    await docs.save(Object.assign(new Doc(), { id: 'd', body: 'a', version: 0n }));
    const staleDoc = await docs.getOrThrow({ id: 'd' });
    await docs.delete({ id: 'd' });
    await docs.save(Object.assign(new Doc(), { id: 'd', body: 'b', version: 0n }));
    staleDoc.body = 'mallory';
    await lockError(docs.save(staleDoc));
    await lockError(docs.update(staleDoc, { body: 'mallory' }, { expectedVersion: 1n }));
    await lockError(docs.delete(staleDoc));
    expect((await docs.getOrThrow({ id: 'd' })).body).toBe('b');
  });

  it('fresh copies keep working: read, save, save again, delete', async () => {
    const ledgers = mapper().repository(Ledger);
    await ledgers.save(ledger('fresh', 'alice'));
    const copy = await ledgers.getOrThrow({ id: 'fresh' });
    copy.owner = 'carol';
    await ledgers.save(copy);
    expect(copy.version).toBe(2n);
    copy.owner = 'dave';
    await ledgers.save(copy); // the cell it wrote is the one it now holds
    expect(copy.version).toBe(3n);
    const next = await ledgers.update(copy, { owner: 'erin' }, { expectedVersion: 3n });
    expect(next).toBe(4n);
    await ledgers.delete(await ledgers.getOrThrow({ id: 'fresh' }));
    expect(await ledgers.get({ id: 'fresh' })).toBeUndefined();
  });

  it('the version cell is the version and a write id; the numeric property is unchanged', async () => {
    const ledgers = mapper().repository(Ledger);
    await ledgers.save(ledger('cell', 'alice'));
    const first = await rawVersionCell(ledgers.tableId, 'cell');
    expect(first).toHaveLength(16);
    expect(Buffer.from(first!.subarray(0, 8)).readBigInt64BE()).toBe(1n);
    const read = await ledgers.getOrThrow({ id: 'cell' });
    expect(read.version).toBe(1n);
    expect(JSON.stringify({ ...read, version: String(read.version) })).toBe(
      '{"id":"cell","owner":"alice","version":"1"}',
    );
    await ledgers.delete({ id: 'cell' });
    await ledgers.save(ledger('cell', 'alice'));
    const second = await rawVersionCell(ledgers.tableId, 'cell');
    expect(Buffer.from(second!).equals(Buffer.from(first!))).toBe(false);
  });

  it('older rows (a plain 8-byte version cell) read and save; a version given by hand is checked by number', async () => {
    const ledgers = mapper().repository(Ledger);
    const key = new TextEncoder().encode('old');
    const eight = new Uint8Array(8);
    eight[7] = 4;
    await mutateRow(mapper().connection, ledgers.tableId, key, [
      {
        kind: 'setCell',
        family: 'd',
        qualifier: new TextEncoder().encode('owner'),
        timestampMicros: 0n,
        value: new TextEncoder().encode('old'),
      },
      {
        kind: 'setCell',
        family: 'meta',
        qualifier: new TextEncoder().encode('version'),
        timestampMicros: 0n,
        value: eight,
      },
    ]);
    const read = await ledgers.getOrThrow({ id: 'old' });
    expect(read.version).toBe(4n);
    read.owner = 'new';
    await ledgers.save(read);
    expect(read.version).toBe(5n);
    expect(await rawVersionCell(ledgers.tableId, 'old')).toHaveLength(16);

    // A copy built from a number (a form posted back) matches any cell of that version: the documented limit.
    const byHand = Object.assign(new Ledger(), { id: 'old', owner: 'form', version: 5n });
    await ledgers.save(byHand);
    expect((await ledgers.getOrThrow({ id: 'old' })).owner).toBe('form');
    await lockError(ledgers.save(Object.assign(new Ledger(), { id: 'old', owner: 'late', version: 5n })));
  });
});
