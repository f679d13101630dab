// Compare-and-set on properties (`update`/`delete` with `ifUnchanged`) against the emulator: it applies only while
// each named column's newest cell holds exactly the given bytes, refuses a concurrent change (keeping it), and
// refuses bad input before anything is sent.
import { describe, expect, it } from 'vitest';
import {
  Column,
  Counter,
  Entity,
  Evolve,
  Family,
  Gc,
  KeyPart,
  QualifierSet,
} from '../../../decorators/index.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { OptimisticLockError } from '../../../src/errors/optimistic-lock-error.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';

@Entity({ table: 'cas_items' })
@Family('d', { gc: Gc.maxVersions(5) })
@Family('c')
@Family('tags')
class Item {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string', optional: true }) title?: string;
  @Column({ family: 'd', codec: 'float64', optional: true }) price?: number;
  @Column({ family: 'd', codec: 'bytes', optional: true }) blob?: Uint8Array;
  @Column({ family: 'd', codec: 'string', optional: true }) note?: string;
  @Counter({ family: 'c' }) likes!: bigint;
  @QualifierSet({ family: 'tags', key: 'string' }) tags!: Set<string>;
}

@Entity({ table: 'cas_memos' })
@Evolve({ version: 1, family: 'meta' })
@Family('d')
@Family('meta')
class Memo {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) body!: string;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'resolved',
    (error: unknown) => error,
  );
}

describe('update and delete with ifUnchanged', () => {
  const mapper = useMapper([Item, Memo]);
  const items = () => mapper().repository(Item);
  const item = (id: string, values: Partial<Item>): Item =>
    Object.assign(new Item(), { id, likes: 0n, tags: new Set<string>() }, values);

  it('applies while the values hold; a change between read and update is refused and kept', async () => {
    await items().save(item('race', { title: 'old', price: 3 }));
    const read = (await items().get({ id: 'race' }))!;
    await items().update({ id: 'race' }, { price: 4 }); // someone else, between my read and my update
    const error = await failure(
      items().update(
        { id: 'race' },
        { title: 'mine' },
        { ifUnchanged: { title: read.title, price: read.price } },
      ),
    );
    expect(error).toBeInstanceOf(OptimisticLockError);
    expect((error as OptimisticLockError).unchangedProperties).toEqual(['title', 'price']);
    expect((error as OptimisticLockError).message).toContain('title, price unchanged');
    expect(await items().get({ id: 'race' })).toMatchObject({ title: 'old', price: 4 });

    await items().update({ id: 'race' }, { title: 'mine' }, { ifUnchanged: { title: 'old', price: 4 } });
    expect(await items().get({ id: 'race' })).toMatchObject({ title: 'mine', price: 4 });
    expect(
      await items().update({ id: 'race' }, { note: 'n' }, { ifUnchanged: { title: 'mine' } }),
    ).toBeUndefined();
  });

  it('compares the newest cell only, over older versions GC has not collected', async () => {
    await items().save(item('old', { title: 'a' }));
    // Another writer adds a newer cell without deleting the old one: two cells of d:title (maxVersions 5).
    const later = BigInt(Date.now() + 60_000) * 1000n;
    await mutateRow(mapper().connection, items().tableId, new TextEncoder().encode('old'), [
      {
        kind: 'setCell',
        family: 'd',
        qualifier: new TextEncoder().encode('title'),
        timestampMicros: later,
        value: new TextEncoder().encode('b'),
      },
    ]);
    await expect(
      items().update({ id: 'old' }, { note: 'x' }, { ifUnchanged: { title: 'a' } }),
    ).rejects.toThrow(OptimisticLockError);
    await items().update({ id: 'old' }, { note: 'y' }, { ifUnchanged: { title: 'b' } });
    expect(await items().get({ id: 'old' })).toMatchObject({ title: 'b', note: 'y' });
  });

  it('expects no cell for undefined (and null); a row that does not exist never matches', async () => {
    await items().save(item('absent', { title: 't' }));
    await items().update({ id: 'absent' }, { note: 'first' }, { ifUnchanged: { note: undefined } });
    await expect(
      items().update({ id: 'absent' }, { note: 'second' }, { ifUnchanged: { note: undefined } }),
    ).rejects.toThrow(OptimisticLockError);
    expect((await items().get({ id: 'absent' }))!.note).toBe('first');
    await items().update({ id: 'absent' }, { note: undefined }, { ifUnchanged: { note: 'first' } });
    expect((await items().get({ id: 'absent' }))!.note).toBeUndefined();

    // No row at all: refused, nothing created (the row is gone since the read, which is a change).
    await expect(
      items().update({ id: 'never' }, { title: 'x' }, { ifUnchanged: { note: undefined } }),
    ).rejects.toThrow(OptimisticLockError);
    expect(await items().get({ id: 'never' })).toBeUndefined();
  });

  it('compares exact bytes: -0 is not 0, NaN is NaN, a long string or bytes differ in their last byte, "" is not "x"', async () => {
    await items().save(item('bytes', { title: '', price: -0, blob: Uint8Array.of(1, 2, 0) }));
    const refused = async (ifUnchanged: Partial<Item>) =>
      expect(await failure(items().update({ id: 'bytes' }, { note: 'no' }, { ifUnchanged }))).toBeInstanceOf(
        OptimisticLockError,
      );
    await refused({ price: 0 });
    await refused({ blob: Uint8Array.of(1, 2) });
    await refused({ blob: Uint8Array.of(1, 2, 0, 0) });
    await refused({ title: 'x' });
    await refused({ title: undefined }); // an empty string is a cell
    await items().update(
      { id: 'bytes' },
      { price: NaN },
      { ifUnchanged: { price: -0, title: '', blob: Uint8Array.of(1, 2, 0) } },
    );
    await items().update({ id: 'bytes' }, { title: 'after NaN' }, { ifUnchanged: { price: NaN } });

    const long = 'x'.repeat(200_000);
    await items().update({ id: 'bytes' }, { title: long });
    await refused({ title: `${long.slice(0, -1)}y` });
    await refused({ title: long.slice(1) });
    await items().update({ id: 'bytes' }, { note: 'long ok' }, { ifUnchanged: { title: long } });
    expect(await items().get({ id: 'bytes' })).toMatchObject({ note: 'long ok', price: NaN });
    expect((await items().get({ id: 'bytes' }))!.note).toBe('long ok');
  });

  it('deletes only while the values hold', async () => {
    await items().save(item('del', { title: 'keep' }));
    await items().update({ id: 'del' }, { title: 'changed' });
    await expect(items().delete({ id: 'del' }, { ifUnchanged: { title: 'keep' } })).rejects.toThrow(
      OptimisticLockError,
    );
    expect((await items().get({ id: 'del' }))!.title).toBe('changed');
    await items().delete({ id: 'del' }, { ifUnchanged: { title: 'changed', note: undefined } });
    expect(await items().get({ id: 'del' })).toBeUndefined();
    await expect(items().delete({ id: 'del' }, { ifUnchanged: { title: 'changed' } })).rejects.toThrow(
      OptimisticLockError,
    );
  });

  it('refuses bad input before anything is sent, naming entity, property and value', async () => {
    await items().save(item('bad', { title: 'same' }));
    const refusal = async (call: Promise<unknown>, property: string | undefined, expected: RegExp) => {
      const error = await failure(call);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      const e = error as InvalidArgumentError;
      expect(e.entity).toBe(e.api.includes('Memo') ? 'Memo' : 'Item');
      expect(e.property).toBe(property);
      expect(e.message).toMatch(expected);
    };
    const update = (ifUnchanged: object, more: object = {}) =>
      items().update({ id: 'bad' }, { title: 'changed' }, { ifUnchanged: ifUnchanged as never, ...more });
    await refusal(update({ nope: 1 }), 'nope', /a property of Item \(nope is none\)/);
    await refusal(update({ id: 'bad' }), 'id', /plain column property/);
    await refusal(update({ likes: 0n }), 'likes', /a counter/);
    await refusal(update({ tags: new Set() }), 'tags', /a set/);
    await refusal(update({ price: 'three' }), 'price', /codec float64.*"three"/);
    await refusal(update({ title: 3 }), 'title', /codec string/);
    await refusal(update({}), undefined, /at least one property/);
    await refusal(update({ title: 'same' }, { expectedVersion: 1 }), undefined, /expectedVersion/);
    await refusal(
      items().delete({ id: 'bad' }, { ifUnchanged: { nope: 1 } as never }),
      'nope',
      /nope is none/,
    );
    await refusal(
      mapper()
        .repository(Memo)
        .update({ id: 'm' }, { body: 'b' }, { ifUnchanged: { body: 'a' } }),
      undefined,
      /schema version/,
    );
    expect((await items().get({ id: 'bad' }))!.title).toBe('same');
  });
});
