// Edits through the studio with --allow-writes: saves of a versioned and of a plain entity, each racing a concurrent
// change (409, the other write kept), deletes, and bad input refused before anything is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Column, Entity, Evolve, Family, KeyPart } from '../../decorators/index.js';
import { Mapper } from '../../src/index.js';
import { startStudio } from '../../src/studio/index.js';
import type { StudioServer } from '../../src/studio/index.js';
import { Account, Gadget, emulatorHost, freshInstance } from './studio-fixtures.js';
import type { EntityRow, ErrorJson } from './studio-support.js';
import { get, post } from './studio-support.js';

const hex = (text: string): string => Buffer.from(text).toString('hex');

// A schema version but no @Version: its rewrites are the library's (conditional on the schema token), not the studio's.
@Entity({ table: 'studio_notes' })
@Evolve({ version: 1, family: 'meta' })
@Family('d')
@Family('meta')
class Memo {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) body!: string;
}

describe('studio writes', () => {
  const instanceId = freshInstance();
  let mapper: Mapper;
  let studio: StudioServer;

  beforeAll(async () => {
    mapper = Mapper.connect({ projectId: 'emulator', instanceId, emulatorHost: emulatorHost() });
    await mapper.ensureSchema([Gadget, Account, Memo]);
    studio = await startStudio({ mapper, entities: [Gadget, Account, Memo], allowWrites: true });
  });
  afterAll(async () => {
    await studio?.close();
    await mapper.close();
  });

  async function rowOf(entity: string, prefix: object): Promise<EntityRow> {
    const answer = await get<{ rows: EntityRow[] }>(
      studio,
      `/api/rows?entity=${entity}&prefix=${encodeURIComponent(JSON.stringify(prefix))}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.json.rows).toHaveLength(1);
    return answer.json.rows[0]!;
  }

  it('marks editable properties when writes are on', async () => {
    const { json } = await get<{
      allowWrites: boolean;
      entities: { name: string; properties: { name: string; editable: boolean }[] }[];
    }>(studio, '/api/overview');
    expect(json.allowWrites).toBe(true);
    expect(json.entities[0]!.properties.map((p) => [p.name, p.editable])).toEqual([
      ['name', true],
      ['cpu', true],
      ['blob', false],
    ]);
  });

  it('saves a versioned entity with the version it was read with; a concurrent save wins with 409', async () => {
    const accounts = mapper.repository(Account);
    await accounts.save(Object.assign(new Account(), { id: 'a1', owner: 'ann', balance: 10, version: 0n }));
    const row = await rowOf('Account', { id: 'a1' });
    expect(row.values.balance!.json).toBe(10);
    const saved = await post<{ ok: boolean; version: string }>(studio, '/api/rows/save', {
      entity: 'Account',
      key: row.key.hex,
      values: { balance: 25 },
      version: row.version,
    });
    expect(saved.status).toBe(200);
    expect(await accounts.get({ id: 'a1' })).toMatchObject({ balance: 25, owner: 'ann', version: 2n });

    // Read in the studio, then someone else saves, then the studio's edit arrives: refused, theirs kept.
    const stale = await rowOf('Account', { id: 'a1' });
    const theirs = (await accounts.get({ id: 'a1' }))!;
    theirs.owner = 'bob';
    await accounts.save(theirs);
    const conflict = await post<ErrorJson>(studio, '/api/rows/save', {
      entity: 'Account',
      key: stale.key.hex,
      values: { balance: 99 },
      version: stale.version,
    });
    expect(conflict.status).toBe(409);
    expect(conflict.json.error).toMatchObject({ name: 'OptimisticLockError', code: 'OPTIMISTIC_LOCK' });
    expect(await accounts.get({ id: 'a1' })).toMatchObject({ owner: 'bob', balance: 25 });
    // The same stale token keeps being refused (the server did not adopt the failed edit).
    const again = await post<ErrorJson>(studio, '/api/rows/save', {
      entity: 'Account',
      key: stale.key.hex,
      values: { balance: 99 },
      version: stale.version,
    });
    expect(again.status).toBe(409);
    // A fresh read can be edited.
    const fresh = await rowOf('Account', { id: 'a1' });
    const ok = await post(studio, '/api/rows/save', {
      entity: 'Account',
      key: fresh.key.hex,
      values: { balance: 30 },
      version: fresh.version,
    });
    expect(ok.status).toBe(200);
    expect(await accounts.get({ id: 'a1' })).toMatchObject({ owner: 'bob', balance: 30 });
  });

  it('runs two edits of the same shown row one after the other, never interleaved', async () => {
    const accounts = mapper.repository(Account);
    await accounts.save(Object.assign(new Account(), { id: 'a2', owner: 'ann', balance: 1, version: 0n }));
    const row = await rowOf('Account', { id: 'a2' });
    const edit = (values: object): Promise<{ status: number }> =>
      post(studio, '/api/rows/save', { entity: 'Account', key: row.key.hex, values, version: row.version });
    const [a, b] = await Promise.all([edit({ balance: 50 }), edit({ owner: 'zed' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await accounts.get({ id: 'a2' })).toMatchObject({ owner: 'zed', balance: 50 });
  });

  it('saves a plain entity only while the edited columns hold what was read; a concurrent change wins with 409', async () => {
    const gadgets = mapper.repository(Gadget);
    await gadgets.save(Object.assign(new Gadget(), { kind: 'k', id: 'g1', name: 'first', cpu: 0.5 }));
    const row = await rowOf('Gadget', { kind: 'k', id: 'g1' });
    // Someone changes the column the studio is about to edit.
    await gadgets.update({ kind: 'k', id: 'g1' }, { name: 'theirs' });
    const conflict = await post<ErrorJson>(studio, '/api/rows/save', {
      entity: 'Gadget',
      key: row.key.hex,
      values: { name: 'mine' },
      version: row.version,
    });
    expect(conflict.status).toBe(409);
    expect(conflict.json.error.code).toBe('OPTIMISTIC_LOCK');
    expect(await gadgets.get({ kind: 'k', id: 'g1' })).toMatchObject({ name: 'theirs', cpu: 0.5 });

    // An edit of a column nobody touched applies, and leaves the concurrent change to another column alone.
    const fresh = await rowOf('Gadget', { kind: 'k', id: 'g1' });
    await gadgets.update({ kind: 'k', id: 'g1' }, { name: 'theirs again' });
    const cpu = await post(studio, '/api/rows/save', {
      entity: 'Gadget',
      key: fresh.key.hex,
      values: { cpu: '0.75' },
      version: fresh.version,
    });
    expect(cpu.status).toBe(200);
    expect(await gadgets.get({ kind: 'k', id: 'g1' })).toMatchObject({ name: 'theirs again', cpu: 0.75 });

    // A column read as absent: applies only while it still has no cell.
    await gadgets.save(Object.assign(new Gadget(), { kind: 'k', id: 'g2', cpu: 1 }));
    const absent = await rowOf('Gadget', { kind: 'k', id: 'g2' });
    expect(absent.values.name!.type).toBe('null');
    await gadgets.update({ kind: 'k', id: 'g2' }, { name: 'created meanwhile' });
    const late = await post(studio, '/api/rows/save', {
      entity: 'Gadget',
      key: absent.key.hex,
      values: { name: 'mine' },
      version: absent.version,
    });
    expect(late.status).toBe(409);
    expect(await gadgets.get({ kind: 'k', id: 'g2' })).toMatchObject({ name: 'created meanwhile' });

    // A row deleted meanwhile is not re-created by an edit.
    const gone = await rowOf('Gadget', { kind: 'k', id: 'g2' });
    await gadgets.delete({ kind: 'k', id: 'g2' });
    const resurrect = await post(studio, '/api/rows/save', {
      entity: 'Gadget',
      key: gone.key.hex,
      values: { cpu: 2 },
      version: gone.version,
    });
    expect(resurrect.status).toBe(409);
    expect(await gadgets.get({ kind: 'k', id: 'g2' })).toBeUndefined();

    // Removing an optional value (null) applies while unchanged.
    const clear = await rowOf('Gadget', { kind: 'k', id: 'g1' });
    const cleared = await post(studio, '/api/rows/save', {
      entity: 'Gadget',
      key: clear.key.hex,
      values: { name: null },
      version: clear.version,
    });
    expect(cleared.status).toBe(200);
    expect((await gadgets.get({ kind: 'k', id: 'g1' }))!.name).toBeUndefined();
  });

  it('refuses bad edits with typed errors before anything is written', async () => {
    const gadgets = mapper.repository(Gadget);
    await gadgets.save(Object.assign(new Gadget(), { kind: 'k', id: 'g3', name: 'kept', cpu: 1 }));
    const row = await rowOf('Gadget', { kind: 'k', id: 'g3' });
    const cases: [unknown, number, string][] = [
      [
        { entity: 'Gadget', key: row.key.hex, values: { cpu: 'fast' }, version: row.version },
        400,
        'INVALID_ARGUMENT',
      ],
      [
        { entity: 'Gadget', key: row.key.hex, values: { blob: 'aa' }, version: row.version },
        400,
        'INVALID_ARGUMENT',
      ],
      [
        { entity: 'Gadget', key: row.key.hex, values: { nope: 1 }, version: row.version },
        400,
        'INVALID_ARGUMENT',
      ],
      [
        { entity: 'Gadget', key: hex('dev#k#other'), values: { name: 'x' }, version: row.version },
        400,
        'INVALID_ARGUMENT',
      ],
      [
        { entity: 'Gadget', key: row.key.hex, values: { name: 'x' }, version: 'made-up' },
        409,
        'STUDIO_STALE_ROW',
      ],
      [{ entity: 'Gadget', key: row.key.hex, values: { name: 'x' } }, 409, 'STUDIO_STALE_ROW'],
      [
        { entity: 'Gadget', key: 'zz', values: { name: 'x' }, version: row.version },
        400,
        'STUDIO_BAD_REQUEST',
      ],
    ];
    for (const [body, status, code] of cases) {
      const answer = await post<ErrorJson>(studio, '/api/rows/save', body);
      expect([answer.status, answer.json.error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const notThisEntity = await post<ErrorJson>(studio, '/api/rows/delete', {
      entity: 'Gadget',
      key: hex('acc#a1'),
    });
    expect([notThisEntity.status, notThisEntity.json.error.code]).toEqual([400, 'KEY_ENCODING']);
    expect(await gadgets.get({ kind: 'k', id: 'g3' })).toMatchObject({ name: 'kept', cpu: 1 });
  });

  it('deletes a row only while it holds what was read (the version, or the columns of a plain row)', async () => {
    const accounts = mapper.repository(Account);
    await accounts.save(Object.assign(new Account(), { id: 'd1', owner: 'x', balance: 1, version: 0n }));
    const row = await rowOf('Account', { id: 'd1' });
    const theirs = (await accounts.get({ id: 'd1' }))!;
    theirs.balance = 2;
    await accounts.save(theirs);
    const refused = await post<ErrorJson>(studio, '/api/rows/delete', {
      entity: 'Account',
      key: row.key.hex,
      version: row.version,
    });
    expect(refused.status).toBe(409);
    expect(await accounts.get({ id: 'd1' })).toMatchObject({ balance: 2 });
    const fresh = await rowOf('Account', { id: 'd1' });
    const deleted = await post(studio, '/api/rows/delete', {
      entity: 'Account',
      key: fresh.key.hex,
      version: fresh.version,
    });
    expect(deleted.status).toBe(200);
    expect(await accounts.get({ id: 'd1' })).toBeUndefined();
    const gadgets = mapper.repository(Gadget);
    await gadgets.save(Object.assign(new Gadget(), { kind: 'k', id: 'd2', name: 'bye' }));
    const plain = await post(studio, '/api/rows/delete', { entity: 'Gadget', key: hex('dev#k#d2') });
    expect(plain.status).toBe(200);
    expect(await gadgets.get({ kind: 'k', id: 'd2' })).toBeUndefined();

    // A plain row deleted with the token it was read with: only while its columns hold what was read.
    await gadgets.save(Object.assign(new Gadget(), { kind: 'k', id: 'd3', name: 'shown', cpu: 1 }));
    const shown = await rowOf('Gadget', { kind: 'k', id: 'd3' });
    await gadgets.update({ kind: 'k', id: 'd3' }, { cpu: 2 });
    const stale = await post<ErrorJson>(studio, '/api/rows/delete', {
      entity: 'Gadget',
      key: shown.key.hex,
      version: shown.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('OPTIMISTIC_LOCK');
    expect(await gadgets.get({ kind: 'k', id: 'd3' })).toMatchObject({ name: 'shown', cpu: 2 });
    const current = await rowOf('Gadget', { kind: 'k', id: 'd3' });
    const gone = await post(studio, '/api/rows/delete', {
      entity: 'Gadget',
      key: current.key.hex,
      version: current.version,
    });
    expect(gone.status).toBe(200);
    expect(await gadgets.get({ kind: 'k', id: 'd3' })).toBeUndefined();
  });

  it('refuses to edit an evolving entity without @Version, and marks nothing of it editable', async () => {
    await mapper.repository(Memo).save(Object.assign(new Memo(), { id: 'm1', body: 'kept' }));
    const { json } = await get<{
      entities: { name: string; properties: { name: string; editable: boolean }[] }[];
    }>(studio, '/api/overview');
    expect(json.entities.find((e) => e.name === 'Memo')!.properties).toEqual([
      expect.objectContaining({ name: 'body', editable: false }),
    ]);
    const row = await rowOf('Memo', { id: 'm1' });
    const refused = await post<ErrorJson>(studio, '/api/rows/save', {
      entity: 'Memo',
      key: row.key.hex,
      values: { body: 'changed' },
      version: row.version,
    });
    expect([refused.status, refused.json.error.code]).toEqual([400, 'INVALID_ARGUMENT']);
    expect(await mapper.repository(Memo).get({ id: 'm1' })).toMatchObject({ body: 'kept' });
  });
});
