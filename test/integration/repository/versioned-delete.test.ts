import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart, Version } from '../../../decorators/index.js';
import { OptimisticLockError } from '../../../src/errors/optimistic-lock-error.js';
import { ValueEncodingError } from '../../../src/errors/value-encoding-error.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

@Entity({ table: 'ledgers' })
@Family('d')
@Family('meta')
class Ledger {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) balance!: number;
  @Version({ family: 'meta' }) version!: bigint;
}

const ledger = (id: string, balance: number, version = 0n): Ledger =>
  Object.assign(new Ledger(), { id, balance, version });

async function rejection<T>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}

const lockError = (promise: Promise<unknown>): Promise<OptimisticLockError> =>
  rejection(promise, OptimisticLockError);

describe('Repository.delete with optimistic locking', () => {
  const mapper = useMapper([Ledger]);

  /** A row holding a balance cell and no version cell (written by code that predates the version field). */
  async function unversionedRow(id: string): Promise<void> {
    const value = new Uint8Array(8);
    value[7] = 5;
    await mutateRow(mapper().connection, mapper().repository(Ledger).tableId, new TextEncoder().encode(id), [
      {
        kind: 'setCell',
        family: 'd',
        qualifier: new TextEncoder().encode('balance'),
        timestampMicros: 0n,
        value,
      },
    ]);
  }

  it('delete(entity) is conditional on the version it carries: a stale entity never erases a later save', async () => {
    const ledgers = mapper().repository(Ledger);
    const mine = await ledgers.save(ledger('race', 1));
    const theirs = await ledgers.getOrThrow({ id: 'race' });
    theirs.balance = 99;
    await ledgers.save(theirs); // the version advances under my feet

    const error = await lockError(ledgers.delete(mine));
    expect(error.expectedVersion).toBe(1n);
    expect(error.entity).toBe('Ledger');
    const stored = await ledgers.getOrThrow({ id: 'race' });
    expect(stored.balance).toBe(99);
    expect(stored.version).toBe(2n);

    await ledgers.delete(stored); // the current version: deleted
    expect(await ledgers.get({ id: 'race' })).toBeUndefined();
  });

  it('an explicit expectedVersion wins over the one the entity carries', async () => {
    const ledgers = mapper().repository(Ledger);
    const stale = await ledgers.save(ledger('explicit', 1));
    await ledgers.save(await ledgers.getOrThrow({ id: 'explicit' }));
    await ledgers.delete(stale, { expectedVersion: 2n });
    expect(await ledgers.get({ id: 'explicit' })).toBeUndefined();
  });

  it('a plain key (or a version property that is undefined) deletes unconditionally', async () => {
    const ledgers = mapper().repository(Ledger);
    await ledgers.save(ledger('plain', 1));
    await ledgers.save(await ledgers.getOrThrow({ id: 'plain' }));
    await ledgers.delete({ id: 'plain' });
    expect(await ledgers.get({ id: 'plain' })).toBeUndefined();

    await ledgers.save(ledger('undef', 1));
    await ledgers.delete(Object.assign(new Ledger(), { id: 'undef', version: undefined }));
    expect(await ledgers.get({ id: 'undef' })).toBeUndefined();
  });

  it('expectedVersion 0 means "no version cell", as for update: an unversioned row is deleted', async () => {
    const ledgers = mapper().repository(Ledger);
    await unversionedRow('old');
    expect((await ledgers.getOrThrow({ id: 'old' })).balance).toBe(5);
    await ledgers.delete({ id: 'old' }, { expectedVersion: 0n });
    expect(await ledgers.get({ id: 'old' })).toBeUndefined();

    await unversionedRow('old-entity'); // an entity carrying version 0 is checked the same way
    await ledgers.delete(ledger('old-entity', 5, 0n));
    expect(await ledgers.get({ id: 'old-entity' })).toBeUndefined();
  });

  it('expectedVersion 0 on a row that has a version cell is a conflict and deletes nothing', async () => {
    const ledgers = mapper().repository(Ledger);
    await ledgers.save(ledger('versioned', 7));
    const error = await lockError(ledgers.delete({ id: 'versioned' }, { expectedVersion: 0n }));
    expect(error.message).toMatch(/expected no stored version/);
    await lockError(ledgers.delete(ledger('versioned', 7, 0n)));
    expect(await ledgers.getOrThrow({ id: 'versioned' })).toMatchObject({ balance: 7, version: 1n });
  });

  it('a version of the wrong type is a ValueEncodingError naming Ledger.version, and nothing is deleted', async () => {
    const ledgers = mapper().repository(Ledger);
    await ledgers.save(ledger('typed', 3));
    const attempts = [
      ledgers.delete({ id: 'typed' }, { expectedVersion: 1 }), // a number for a bigint version
      ledgers.delete(Object.assign(new Ledger(), { id: 'typed', version: '1' })),
    ];
    for (const attempt of attempts) {
      const error = await rejection(attempt, ValueEncodingError);
      expect(error).toMatchObject({ entity: 'Ledger', property: 'version' });
    }
    expect(await ledgers.getOrThrow({ id: 'typed' })).toMatchObject({ balance: 3, version: 1n });
  });
});
