import { describe, expect, it } from 'vitest';
import { Column, Entity, Evolve, Family, KeyPart, upcastStep } from '../../../decorators/index.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { encodeToken, rowSchemaVersion } from '../../../src/mapping/schema-version-token.js';
import { getEntityMetadata } from '../../../src/metadata/entity-registry.js';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import type { RowData } from '../../../src/model/row-data.js';
import { resolveCallPolicy } from '../../../src/transport/call-policy.js';
import { rewriteRow } from '../../../src/write/evolving/rewrite-row.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { User, saveAsOld, v1, v2, v3 } from './evolving-users.js';

/** Rows written before the entity had a version cell (version 0) are read through a step from 0. */
@Entity({ table: 'evo_legacy' })
@Family('d')
@Evolve({
  version: 1,
  family: 'd',
  steps: [
    upcastStep<{ title?: string }, { title: string }>({
      from: 0,
      shape: { title: { family: 'd', qualifier: 't', codec: 'string' } },
      upcast: ({ title }) => ({ title: title ?? '' }),
    }),
  ],
})
class Legacy {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', qualifier: 'title', codec: 'string' }) title!: string;
}

const mapper = useMapper([User, Legacy]);
const policy = resolveCallPolicy({});
const options = { now: Date.now, policy };

async function rawRow(entity: EntityClass, key: string): Promise<RowData | undefined> {
  const tableId = mapper().repository(entity).tableId;
  const request = { rows: { rowKeys: [Buffer.from(key)], rowRanges: [] } };
  for await (const row of readRows(mapper().connection, tableId, request)) return row;
  return undefined;
}

async function rewrite(entity: EntityClass, row: RowData) {
  return rewriteRow(
    mapper().connection,
    mapper().repository(entity).tableId,
    getEntityMetadata(entity),
    row,
    options,
  );
}

const qualifiers = (row: RowData | undefined): string[] =>
  (row?.cells ?? []).map((c) => `${c.family}:${Buffer.from(c.qualifier).toString()}`);

describe('rewriteRow: conditional rewrite of one row at the current schema version', () => {
  it('migrates a v1 and a v2 row: current storage and token written, old columns deleted, counters kept', async () => {
    const users = mapper().repository(User);
    await saveAsOld(mapper(), v1('r-1', 'Ada', { theme: 'dark', lang: 'en' }, { a: '1' }));
    await saveAsOld(mapper(), v2('r-2', 'Bob', { theme: 'light' }, { b: '2' }));
    await users.increment({ userId: 'r-1' }, 'logins', 3);
    const before = await users.getMany([{ userId: 'r-1' }, { userId: 'r-2' }]);
    expect(await rewrite(User, (await rawRow(User, 'r-1'))!)).toEqual({ kind: 'migrated', fromVersion: 1 });
    expect(await rewrite(User, (await rawRow(User, 'r-2'))!)).toEqual({ kind: 'migrated', fromVersion: 2 });
    const row = await rawRow(User, 'r-1');
    expect(rowSchemaVersion(getEntityMetadata(User), row!)).toBe(3);
    expect(qualifiers(row).sort()).toEqual(['d:_v', 'd:display', 'd:logins', 'd:settings', 'prefs:a']);
    expect(await users.getMany([{ userId: 'r-1' }, { userId: 'r-2' }])).toEqual(before);
    expect((await users.get({ userId: 'r-1' }))!.logins).toBe(3);
    // Again from the same (now stale) read: the token changed, so nothing is written.
    expect(await rewrite(User, (await rawRow(User, 'r-1'))!)).toEqual({ kind: 'skipped', reason: 'current' });
  });

  it('a save between the read and the rewrite wins: conflict, and the save is kept', async () => {
    const users = mapper().repository(User);
    await saveAsOld(mapper(), v1('r-c', 'Ada', {}, {}));
    const stale = (await rawRow(User, 'r-c'))!;
    await users.save(v3('r-c', 'Saved meanwhile', { theme: 't' }, { z: '26' }));
    expect(await rewrite(User, stale)).toEqual({ kind: 'conflict' });
    expect({ ...(await users.get({ userId: 'r-c' })) }).toEqual({
      ...v3('r-c', 'Saved meanwhile', { theme: 't' }, { z: '26' }),
    });
  });

  it('an older deployment saving at the same old version in between is detected by the write id', async () => {
    const users = mapper().repository(User);
    await saveAsOld(mapper(), v1('r-o', 'Ada', {}, {}));
    const stale = (await rawRow(User, 'r-o'))!;
    await saveAsOld(mapper(), v1('r-o', 'Ada Lovelace', {}, { k: 'v' })); // still v1, another write id
    expect(rowSchemaVersion(getEntityMetadata(User), (await rawRow(User, 'r-o'))!)).toBe(1);
    expect(await rewrite(User, stale)).toEqual({ kind: 'conflict' });
    expect((await users.get({ userId: 'r-o' }))!.displayName).toBe('Ada Lovelace');
    // Retried from a fresh read, the older deployment's write is what gets migrated.
    expect(await rewrite(User, (await rawRow(User, 'r-o'))!)).toEqual({ kind: 'migrated', fromVersion: 1 });
    const after = (await users.get({ userId: 'r-o' }))!;
    expect([after.displayName, after.prefs]).toEqual(['Ada Lovelace', new Map([['k', 'v']])]);
  });

  it('a row deleted in between stays deleted (with a token and without one)', async () => {
    await saveAsOld(mapper(), v1('r-d', 'Ada', {}, {}));
    const stale = (await rawRow(User, 'r-d'))!;
    await mapper().repository(User).delete({ userId: 'r-d' });
    expect(await rewrite(User, stale)).toEqual({ kind: 'conflict' });
    expect(await rawRow(User, 'r-d')).toBeUndefined();

    const legacyTable = mapper().repository(Legacy).tableId;
    const t = { kind: 'setCell', family: 'd', qualifier: Buffer.from('t'), timestampMicros: 1000n } as const;
    await mutateRow(mapper().connection, legacyTable, Buffer.from('l-d'), [
      { ...t, value: Buffer.from('old') },
    ]);
    const staleLegacy = (await rawRow(Legacy, 'l-d'))!;
    await mapper().repository(Legacy).delete({ id: 'l-d' });
    expect(await rewrite(Legacy, staleLegacy)).toEqual({ kind: 'conflict' });
    expect(await rawRow(Legacy, 'l-d')).toBeUndefined();
  });

  it('a version-0 row is migrated once; a token written meanwhile makes it a conflict', async () => {
    const legacyTable = mapper().repository(Legacy).tableId;
    const t = { kind: 'setCell', family: 'd', qualifier: Buffer.from('t'), timestampMicros: 1000n } as const;
    await mutateRow(mapper().connection, legacyTable, Buffer.from('l-1'), [
      { ...t, value: Buffer.from('Hello') },
    ]);
    const stale = (await rawRow(Legacy, 'l-1'))!;
    expect(await rewrite(Legacy, stale)).toEqual({ kind: 'migrated', fromVersion: 0 });
    expect(qualifiers(await rawRow(Legacy, 'l-1')).sort()).toEqual(['d:_v', 'd:title']);
    expect((await mapper().repository(Legacy).get({ id: 'l-1' }))!.title).toBe('Hello');
    expect(await rewrite(Legacy, stale)).toEqual({ kind: 'conflict' });
  });

  it('skips missing rows and fails rows it cannot upcast, writing nothing', async () => {
    expect(await rewrite(User, { key: Buffer.from('r-none'), cells: [] })).toEqual({
      kind: 'skipped',
      reason: 'missing',
    });
    const set = { kind: 'setCell', family: 'd', timestampMicros: 1000n } as const;
    await mutateRow(mapper().connection, mapper().repository(User).tableId, Buffer.from('r-9'), [
      { ...set, qualifier: Buffer.from('_v'), value: encodeToken(9, new Uint8Array(8)) },
    ]);
    const outcome = await rewrite(User, (await rawRow(User, 'r-9'))!);
    expect(outcome.kind === 'failed' && outcome.error.code).toBe('SCHEMA_VERSION');
    expect(qualifiers(await rawRow(User, 'r-9'))).toEqual(['d:_v']);
  });
});
