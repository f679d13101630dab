import { describe, expect, it } from 'vitest';
import { Column, Entity, Evolve, Family, KeyPart, Version, upcastStep } from '../../../decorators/index.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { OptimisticLockError } from '../../../src/errors/optimistic-lock-error.js';
import { encodeToken } from '../../../src/mapping/schema-version-token.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';

@Entity({ table: 'evo_accounts' })
@Family('d')
@Family('meta')
@Evolve({
  version: 2,
  family: 'd',
  steps: [
    upcastStep<{ balance?: string }, { balance: number }>({
      from: 1,
      shape: { balance: { family: 'd', qualifier: 'bal', codec: 'string' } },
      upcast: (v1) => ({ ...v1, balance: Number(v1.balance ?? '0') }),
    }),
  ],
})
class Account {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) balance!: number;
  @Version({ family: 'meta' }) version!: bigint;
}

const mapper = useMapper([Account]);

/** A v1 row: balance as text in d:bal, optimistic-lock version 3. */
async function writeV1(id: string): Promise<void> {
  const set = (family: string, qualifier: string, value: Uint8Array) =>
    ({ kind: 'setCell', family, qualifier: Buffer.from(qualifier), timestampMicros: 1000n, value }) as const;
  const version = Buffer.alloc(8);
  version.writeBigInt64BE(3n);
  await mutateRow(mapper().connection, mapper().repository(Account).tableId, Buffer.from(id), [
    set('d', '_v', encodeToken(1, new Uint8Array(8))),
    set('d', 'bal', Buffer.from('5')),
    set('meta', 'version', version),
  ]);
}

describe('update with expectedVersion of an evolving entity', () => {
  it('on a current row: the version check and the schema check both hold, or OptimisticLockError', async () => {
    const accounts = mapper().repository(Account);
    await accounts.save(Object.assign(new Account(), { id: 'a2', balance: 1, version: 0n }));
    expect(await accounts.update({ id: 'a2' }, { balance: 2 }, { expectedVersion: 1n })).toBe(2n);
    await expect(accounts.update({ id: 'a2' }, { balance: 3 }, { expectedVersion: 1n })).rejects.toThrow(
      OptimisticLockError,
    );
    expect({ ...(await accounts.get({ id: 'a2' })) }).toEqual({ id: 'a2', balance: 2, version: 2n });
  });

  it('on a v1 row: checked against the stored version, then rewritten at v2 with the version advanced', async () => {
    const accounts = mapper().repository(Account);
    await writeV1('a1');
    await expect(accounts.update({ id: 'a1' }, { balance: 9 }, { expectedVersion: 2n })).rejects.toThrow(
      OptimisticLockError,
    );
    expect({ ...(await accounts.get({ id: 'a1' })) }).toEqual({ id: 'a1', balance: 5, version: 3n });
    expect(await accounts.update({ id: 'a1' }, { balance: 7 }, { expectedVersion: 3n })).toBe(4n);
    expect({ ...(await accounts.get({ id: 'a1' })) }).toEqual({ id: 'a1', balance: 7, version: 4n });
  });

  it('expectedVersion 0 means no version cell, on current and on old rows', async () => {
    const accounts = mapper().repository(Account);
    // A current row never saved with a version (written by another tool): no meta:version cell.
    await mutateRow(mapper().connection, accounts.tableId, Buffer.from('a4'), [
      {
        kind: 'setCell',
        family: 'd',
        qualifier: Buffer.from('_v'),
        timestampMicros: 1000n,
        value: encodeToken(2, new Uint8Array(8)),
      },
      {
        kind: 'setCell',
        family: 'd',
        qualifier: Buffer.from('balance'),
        timestampMicros: 1000n,
        value: Buffer.alloc(8),
      },
    ]);
    expect(await accounts.update({ id: 'a4' }, { balance: 1 }, { expectedVersion: 0n })).toBe(1n);
    await expect(accounts.update({ id: 'a4' }, { balance: 2 }, { expectedVersion: 0n })).rejects.toThrow(
      OptimisticLockError,
    );
    expect({ ...(await accounts.get({ id: 'a4' })) }).toEqual({ id: 'a4', balance: 1, version: 1n });
    // A v1 row holding version 3: 0 does not match.
    await writeV1('a5');
    await expect(accounts.update({ id: 'a5' }, { balance: 2 }, { expectedVersion: 0n })).rejects.toThrow(
      OptimisticLockError,
    );
    expect({ ...(await accounts.get({ id: 'a5' })) }).toEqual({ id: 'a5', balance: 5, version: 3n });
  });

  it('an update without expectedVersion of a v1 row keeps the stored version', async () => {
    const accounts = mapper().repository(Account);
    await writeV1('a3');
    await accounts.update({ id: 'a3' }, { balance: 8 });
    expect({ ...(await accounts.get({ id: 'a3' })) }).toEqual({ id: 'a3', balance: 8, version: 3n });
  });
});
