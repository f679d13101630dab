import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { KeyEncodingError } from '../../../src/errors/key-encoding-error.js';
import type { Mapper } from '../../../src/repository/mapper.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { readRows } from '../../../src/transport/read-rows.js';

// Each test owns an entity (and so a table): a test that over-deletes cannot hide another test's result.

@Entity({ table: 'dbp_gap' })
@Family('d')
class GapDoc {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') folder!: string;
  @KeyPart(2, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'dbp_lead' })
@Family('d')
class LeadDoc {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') folder!: string;
  @KeyPart(2, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'dbp_full', prefix: 'doc' })
@Family('d')
class FullDoc {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'dbp_full_oc', prefix: 'doc', encoding: 'orderedCode' })
@Family('d')
class FullOcDoc {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'dbp_empty', prefix: 'doc' })
@Family('d')
class EmptyDoc {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'dbp_empty_oc', prefix: 'doc', encoding: 'orderedCode' })
@Family('d')
class EmptyOcDoc {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

type Doc2 = FullDoc | FullOcDoc | EmptyDoc | EmptyOcDoc;
type Doc2Class = new () => Doc2;

describe('Repository.deleteByPrefix on the emulator', () => {
  const mapper = useMapper([GapDoc, LeadDoc, FullDoc, FullOcDoc, EmptyDoc, EmptyOcDoc]);

  /** Every row key in the entity's table, as `printable` strings (NUL shown as \0), in key order. */
  async function keysOf(m: Mapper, tableId: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const row of readRows(m.connection, tableId, {})) {
      keys.push(Buffer.from(row.key).toString('latin1').replaceAll('\0', '\\0'));
    }
    return keys;
  }

  /** Which (tenant, id) pairs of a two-part entity are still readable through the repository. */
  async function present(
    entity: Doc2Class,
    pairs: readonly (readonly [string, string])[],
  ): Promise<string[]> {
    const repo = mapper().repository(entity);
    const got = await repo.getMany(pairs.map(([tenant, id]) => ({ tenant, id })));
    return pairs
      .filter((_, i) => got[i] !== undefined)
      .map(([t, id]) => `${JSON.stringify(t)}/${JSON.stringify(id)}`);
  }

  async function seed(entity: Doc2Class, pairs: readonly (readonly [string, string])[]): Promise<void> {
    const repo = mapper().repository(entity);
    await repo.saveMany(
      pairs.map(([tenant, id]) => Object.assign(new entity(), { tenant, id, status: 's' })),
    );
  }

  it('refuses a gap, a non-key or an unknown property before sending anything (KeyEncodingError)', async () => {
    const docs = mapper().repository(GapDoc);
    const rows: [string, string, string, string][] = [
      ['a', 'f1', 'x', 'done'],
      ['a', 'f2', 'x', 'done'],
      ['a', 'f1', 'y', 'open'],
      ['b', 'f1', 'x', 'done'],
    ];
    await docs.saveMany(
      rows.map(([tenant, folder, id, status]) => Object.assign(new GapDoc(), { tenant, folder, id, status })),
    );
    const before = await keysOf(mapper(), docs.tableId);
    expect(before).toEqual(['a#f1#x', 'a#f1#y', 'a#f2#x', 'b#f1#x']);
    // find() treats a non-leading part as a condition: two rows. A prefix delete cannot express that.
    expect(await docs.find({ tenant: 'a', id: 'x' }).toArray()).toHaveLength(2);

    const refused = [
      () => docs.deleteByPrefix({ tenant: 'a', id: 'x' }),
      () => docs.deleteByPrefix({ tenant: 'a', status: 'done' }),
      () => docs.deleteByPrefix({ tenant: 'a', nope: 'x' } as never),
      () => docs.deleteByPrefix({ id: 'x' }),
      () => docs.deleteByPrefix({ id: 'x' }, { allowEntireEntity: true }),
      () => docs.deleteByPrefix({ folder: 'f1' }, { allowEntireEntity: true }),
      () => docs.deleteByPrefix({ tenant: 'a', folder: 'f1', status: 'open' }),
    ];
    for (const call of refused) {
      const error = await call().catch((e: unknown) => e);
      expect(await keysOf(mapper(), docs.tableId)).toEqual(before);
      expect(error).toBeInstanceOf(KeyEncodingError);
    }
  });

  it('drops exactly the rows of the leading key parts given in order', async () => {
    const docs = mapper().repository(LeadDoc);
    const keys = [
      ['a', 'f1', 'x'],
      ['a', 'f1', 'y'],
      ['a', 'f10', 'x'],
      ['a', 'f2', 'x'],
      ['ab', 'f1', 'x'],
      ['b', 'f1', 'x'],
    ];
    await docs.saveMany(
      keys.map(([tenant, folder, id]) => Object.assign(new LeadDoc(), { tenant, folder, id, status: 's' })),
    );
    await docs.deleteByPrefix({ tenant: 'a', folder: 'f1' });
    expect(await keysOf(mapper(), docs.tableId)).toEqual(['a#f10#x', 'a#f2#x', 'ab#f1#x', 'b#f1#x']);
    await docs.deleteByPrefix({ tenant: 'a' });
    expect(await keysOf(mapper(), docs.tableId)).toEqual(['ab#f1#x', 'b#f1#x']);
  });

  it('a full key deletes exactly that row, never the longer keys it is a prefix of (delimited)', async () => {
    const pairs = [
      ['a', 'x'],
      ['a', 'xy'],
      ['a', 'x0'],
      ['ab', 'x'],
      ['a', ''],
    ] as const;
    await seed(FullDoc, pairs);
    await mapper().repository(FullDoc).deleteByPrefix({ tenant: 'a', id: 'x' });
    expect(await present(FullDoc, pairs)).toEqual(['"a"/"xy"', '"a"/"x0"', '"ab"/"x"', '"a"/""']);
    await mapper().repository(FullDoc).deleteByPrefix({ tenant: 'a', id: '' });
    expect(await present(FullDoc, pairs)).toEqual(['"a"/"xy"', '"a"/"x0"', '"ab"/"x"']);
  });

  it('a full key deletes exactly that row, never the longer keys it is a prefix of (ordered code)', async () => {
    const pairs = [
      ['a', 'x'],
      ['a', 'xy'],
      ['a', 'x\0'],
      ['a', ''],
      ['a\0', 'x'],
      ['', ''],
      ['', 'x'],
    ] as const;
    await seed(FullOcDoc, pairs);
    const docs = mapper().repository(FullOcDoc);
    await docs.deleteByPrefix({ tenant: 'a', id: 'x' });
    expect(await present(FullOcDoc, pairs)).toEqual([
      '"a"/"xy"',
      '"a"/"x\\u0000"',
      '"a"/""',
      '"a\\u0000"/"x"',
      '""/""',
      '""/"x"',
    ]);
    // The row whose fields are all empty is the bare literal 'doc': deleting it leaves the rest.
    await docs.deleteByPrefix({ tenant: '', id: '' });
    expect(await present(FullOcDoc, pairs)).toEqual([
      '"a"/"xy"',
      '"a"/"x\\u0000"',
      '"a"/""',
      '"a\\u0000"/"x"',
      '""/"x"',
    ]);
    await docs.deleteByPrefix({ tenant: 'a', id: '' });
    expect(await present(FullOcDoc, pairs)).toEqual([
      '"a"/"xy"',
      '"a"/"x\\u0000"',
      '"a\\u0000"/"x"',
      '""/"x"',
    ]);
  });

  it('an empty leading part drops exactly its rows (delimited, under a literal prefix)', async () => {
    const pairs = [
      ['', ''],
      ['', 'x'],
      ['a', ''],
      ['a', 'x'],
      ['ab', 'x'],
    ] as const;
    await seed(EmptyDoc, pairs);
    await mapper().repository(EmptyDoc).deleteByPrefix({ tenant: '' });
    expect(await present(EmptyDoc, pairs)).toEqual(['"a"/""', '"a"/"x"', '"ab"/"x"']);
    await mapper().repository(EmptyDoc).deleteByPrefix({ tenant: 'a' });
    expect(await present(EmptyDoc, pairs)).toEqual(['"ab"/"x"']);
  });

  it('an empty leading part drops exactly its rows (ordered code, under a literal prefix)', async () => {
    const pairs = [
      ['', ''],
      ['', 'x'],
      ['', '\0'],
      ['\0', ''],
      ['\0', 'x'],
      ['a', ''],
      ['a', 'x'],
      ['acme', 'x'],
      ['acme2', 'x'],
    ] as const;
    await seed(EmptyOcDoc, pairs);
    const docs = mapper().repository(EmptyOcDoc);
    const before = await keysOf(mapper(), docs.tableId);
    await docs.deleteByPrefix({ tenant: '' });
    expect(await present(EmptyOcDoc, pairs)).toEqual([
      '"\\u0000"/""',
      '"\\u0000"/"x"',
      '"a"/""',
      '"a"/"x"',
      '"acme"/"x"',
      '"acme2"/"x"',
    ]);
    // Nothing but the entity's own rows was there, and nothing else went.
    expect((await keysOf(mapper(), docs.tableId)).length).toBe(before.length - 3);
    await docs.deleteByPrefix({ tenant: 'acme' });
    expect(await present(EmptyOcDoc, pairs)).toEqual([
      '"\\u0000"/""',
      '"\\u0000"/"x"',
      '"a"/""',
      '"a"/"x"',
      '"acme2"/"x"',
    ]);
  });
});
