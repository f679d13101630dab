import { describe, expect, it } from 'vitest';
import { Profile } from './support/entities.js';
import { useMapperPair } from './support/mapper-pair.js';
import { qualifiersOf, rawRow } from './support/raw-row.js';

/**
 * Issue 10, item 4: blind member operations (CONTRACT: `add`/`put`/`remove`, one MutateRow each, no read, no
 * existing row needed) never lose each other's members, whatever the interleaving. The row is checked raw
 * (cells on the server): a row holding only a set is not a whole Profile.
 */
describe('member operations on sets and maps', () => {
  const pair = useMapperPair([Profile]);
  const row = (id: string) => {
    const { direct, tableIds } = pair();
    return rawRow(direct, tableIds.rel_profiles!, direct.repository(Profile).keyOf({ id }));
  };

  it('50 concurrent add() on a row that does not exist keep all 50 members', async () => {
    const repo = pair().proxied.repository(Profile);
    const members = Array.from({ length: 50 }, (_, i) => `m${String(i).padStart(2, '0')}`);
    await Promise.all(members.map((m) => repo.add({ id: 'fresh' }, 'tags', [m])));
    expect(qualifiersOf(await row('fresh'), 'tags')).toEqual(members);
  });

  it('put() and remove() change only the named map entries', async () => {
    const repo = pair().proxied.repository(Profile);
    await repo.put(
      { id: 'map' },
      'attrs',
      new Map([
        ['k1', 'v1'],
        ['k2', 'v2'],
        ['k3', 'v3'],
      ]),
    );
    await repo.put({ id: 'map' }, 'attrs', new Map([['k3', 'v3b']]));
    await repo.remove({ id: 'map' }, 'attrs', ['k2']);
    expect((await row('map'))?.get('attrs')).toEqual(
      new Map([
        ['k1', 'v1'],
        ['k3', 'v3b'],
      ]),
    );
  });

  it('remove() of one member concurrent with add() of others loses none of the others', async () => {
    const repo = pair().proxied.repository(Profile);
    await repo.add({ id: 'mix' }, 'tags', ['victim', 'keep']);
    const others = Array.from({ length: 20 }, (_, i) => `o${String(i).padStart(2, '0')}`);
    await Promise.all([
      repo.remove({ id: 'mix' }, 'tags', ['victim']),
      ...others.map((o) => repo.add({ id: 'mix' }, 'tags', [o])),
    ]);
    expect(qualifiersOf(await row('mix'), 'tags')).toEqual(['keep', ...others]);
  });
});
