import { describe, expect, it } from 'vitest';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { NotFoundError } from '../../../src/errors/not-found-error.js';
import { SchemaVersionError } from '../../../src/errors/schema-version-error.js';
import { encodeToken, rowSchemaVersion, tokenOf } from '../../../src/mapping/schema-version-token.js';
import { getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import type { RowData } from '../../../src/model/row-data.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { User, saveAsOld, v1, v2, v3 } from './evolving-users.js';

const mapper = useMapper([User]);
const meta = getEntityMetadata(User);

async function rawRow(key: string): Promise<RowData | undefined> {
  const request = { rows: { rowKeys: [Buffer.from(key)], rowRanges: [] } };
  for await (const row of readRows(mapper().connection, mapper().repository(User).tableId, request))
    return row;
  return undefined;
}

const versionOf = async (key: string) => rowSchemaVersion(meta, (await rawRow(key))!);

describe('partial writes of an evolving entity', () => {
  it('update of a v1 row is not lost: the row is upcast, changed and rewritten at v3', async () => {
    const users = mapper().repository(User);
    await saveAsOld(mapper(), v1('p-u1', 'Ada', { theme: 'dark', lang: 'en' }, { a: '1' }));
    await users.increment({ userId: 'p-u1' }, 'logins', 2);
    await users.update({ userId: 'p-u1' }, { settings: { theme: 'light', lang: 'fr' } });
    expect(await versionOf('p-u1')).toBe(3);
    expect({ ...(await users.get({ userId: 'p-u1' })) }).toEqual({
      userId: 'p-u1',
      displayName: 'Ada',
      settings: { theme: 'light', lang: 'fr' },
      prefs: new Map([['a', '1']]),
      logins: 2,
    });
  });

  it('update of a v3 row is one conditional write with a fresh token', async () => {
    const users = mapper().repository(User);
    await users.save(v3('p-u3', 'Bob', { theme: 'dark' }, { b: '2' }));
    const before = tokenOf(meta, (await rawRow('p-u3'))!)!;
    await users.update(
      { userId: 'p-u3' },
      { displayName: 'Bobby', prefs: { put: [['c', '3']], remove: ['b'] } },
    );
    const after = tokenOf(meta, (await rawRow('p-u3'))!)!;
    expect(Buffer.from(after).subarray(0, 8)).toEqual(Buffer.from(before).subarray(0, 8));
    expect(Buffer.from(after).equals(Buffer.from(before))).toBe(false);
    const user = (await users.get({ userId: 'p-u3' }))!;
    expect([user.displayName, user.prefs]).toEqual(['Bobby', new Map([['c', '3']])]);
  });

  it('update of a missing row is NotFoundError and writes nothing', async () => {
    await expect(
      mapper().repository(User).update({ userId: 'p-none' }, { displayName: 'x' }),
    ).rejects.toThrow(NotFoundError);
    expect(await rawRow('p-none')).toBeUndefined();
  });

  it('put, add-like entry changes and remove on a v2 row keep the old entries (JSON column split into the map)', async () => {
    const users = mapper().repository(User);
    await saveAsOld(mapper(), v2('p-m2', 'Cy', {}, { a: '1', b: '2' }));
    await users.put({ userId: 'p-m2' }, 'prefs', new Map([['c', '3']]));
    expect((await users.get({ userId: 'p-m2' }))!.prefs).toEqual(
      new Map([
        ['a', '1'],
        ['b', '2'],
        ['c', '3'],
      ]),
    );
    await saveAsOld(mapper(), v2('p-r2', 'Cy', {}, { a: '1', b: '2' }));
    await users.remove({ userId: 'p-r2' }, 'prefs', ['a']);
    expect((await users.get({ userId: 'p-r2' }))!.prefs).toEqual(new Map([['b', '2']]));
    expect(await versionOf('p-r2')).toBe(3);
  });

  it('a generator of entries is applied whole on the fallback path too', async () => {
    const users = mapper().repository(User);
    await saveAsOld(mapper(), v1('p-g1', 'Di', {}, { a: '1' }));
    function* entries(): Generator<[string, string]> {
      yield ['x', '24'];
      yield ['y', '25'];
    }
    await users.put({ userId: 'p-g1' }, 'prefs', entries());
    expect([...(await users.get({ userId: 'p-g1' }))!.prefs.keys()]).toEqual(['a', 'x', 'y']);
  });

  it('concurrent puts on one v1 row: one migrates it, the others retry from a fresh read; none is lost', async () => {
    const users = mapper().repository(User);
    await saveAsOld(mapper(), v1('p-c1', 'Fay', {}, { orig: '0' }));
    const keys = Array.from({ length: 8 }, (_, i) => `k${i}`);
    await Promise.all(keys.map((k) => users.put({ userId: 'p-c1' }, 'prefs', [[k, k]])));
    const user = (await users.get({ userId: 'p-c1' }))!;
    expect([...user.prefs.keys()].sort()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'orig']);
    expect(user.displayName).toBe('Fay');
  });

  it('put on a missing row creates it at the current version; remove on a missing row writes nothing', async () => {
    const users = mapper().repository(User);
    await users.put({ userId: 'p-new' }, 'prefs', new Map([['k', 'v']]));
    expect(await versionOf('p-new')).toBe(3);
    expect((await users.get({ userId: 'p-new' }))!.prefs).toEqual(new Map([['k', 'v']]));
    await users.remove({ userId: 'p-gone' }, 'prefs', ['k']);
    expect(await rawRow('p-gone')).toBeUndefined();
  });

  it('saving a partially read v1 entity (select) keeps every other property', async () => {
    const users = mapper().repository(User);
    await saveAsOld(mapper(), v1('p-s1', 'Eve', { theme: 'dark' }, { e: '5' }));
    const [partial] = await users.find({ userId: 'p-s1' }).select('displayName').toArray();
    expect(partial!.displayName).toBe('Eve');
    partial!.displayName = 'Eve Renamed';
    await users.save(partial as User);
    expect({ ...(await users.get({ userId: 'p-s1' })) }).toEqual({
      userId: 'p-s1',
      displayName: 'Eve Renamed',
      settings: { theme: 'dark' },
      prefs: new Map([['e', '5']]),
      logins: 0,
    });
  });

  it('a row at a newer version is never written by an update (SchemaVersionError)', async () => {
    const key = Buffer.from('p-v9');
    const token = encodeToken(9, new Uint8Array(8));
    await mutateRow(mapper().connection, mapper().repository(User).tableId, key, [
      { kind: 'setCell', family: 'd', qualifier: Buffer.from('_v'), timestampMicros: 1000n, value: token },
    ]);
    await expect(
      mapper().repository(User).update({ userId: 'p-v9' }, { displayName: 'old code' }),
    ).rejects.toThrow(SchemaVersionError);
    await expect(
      mapper()
        .repository(User)
        .put({ userId: 'p-v9' }, 'prefs', [['k', 'v']]),
    ).rejects.toThrow(SchemaVersionError);
    expect((await rawRow('p-v9'))!.cells.map((c) => Buffer.from(c.qualifier).toString())).toEqual(['_v']);
  });
});
