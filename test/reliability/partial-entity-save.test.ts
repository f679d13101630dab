import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/errors/not-found-error.js';
import { Profile, profile } from './support/entities.js';
import { useMapperPair } from './support/mapper-pair.js';

/**
 * Issue 10, item 3: an entity loaded partially (`select(...)`, or a map window through `entries(...)`) saves only
 * what it loaded, conditionally on the row still existing (CONTRACT).
 *
 * API choice (left open by the contract): a partially loaded entity is typed `Pick<E, K> & Partial<E>`, and is
 * passed to `save` as is with a cast to `E`; the repository knows from the loaded instance what was loaded.
 */
describe('saving a partially loaded entity', () => {
  const pair = useMapperPair([Profile]);

  it('after select(name), only name changes: every other column, map and set is intact', async () => {
    const repo = pair().direct.repository(Profile);
    const full = profile('sel', 'full');
    await repo.save(full);
    const loaded = await repo.find({ id: 'sel' }).select('name').first();
    expect(loaded?.name).toBe(full.name);
    loaded!.name = 'renamed';
    await repo.save(loaded as Profile);
    expect(await repo.get({ id: 'sel' })).toEqual(Object.assign(profile('sel', 'full'), { name: 'renamed' }));
  });

  it('after entries(attrs, { limit: 2 }), the map entries that were not loaded are intact', async () => {
    const repo = pair().direct.repository(Profile);
    const full = profile('win', 'full');
    full.attrs = new Map(['a', 'b', 'c', 'd', 'e'].map((k) => [k, `v-${k}`]));
    await repo.save(full);
    const loaded = await repo.find({ id: 'win' }).entries('attrs', { limit: 2 }).first();
    expect([...loaded!.attrs.keys()]).toEqual(['a', 'b']);
    loaded!.attrs.set('b', 'changed');
    await repo.save(loaded!);
    const stored = await repo.get({ id: 'win' });
    expect(stored?.attrs).toEqual(
      new Map([
        ['a', 'v-a'],
        ['b', 'changed'],
        ['c', 'v-c'],
        ['d', 'v-d'],
        ['e', 'v-e'],
      ]),
    );
    expect(stored).toEqual(Object.assign(full, { attrs: stored?.attrs }));
  });

  it('a row deleted between load and save is not resurrected: NotFoundError, no row', async () => {
    const repo = pair().direct.repository(Profile);
    await repo.save(profile('gone', 'full'));
    const loaded = await repo.find({ id: 'gone' }).select('name').first();
    await repo.delete({ id: 'gone' });
    loaded!.name = 'too late';
    await expect(repo.save(loaded as Profile)).rejects.toBeInstanceOf(NotFoundError);
    expect(await repo.find({ id: 'gone' }).select('name').first()).toBeUndefined();
  });
});
