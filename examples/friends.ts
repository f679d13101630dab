// Seed "Schema design best practices", columns: column qualifiers as data. One row per person; in the family
// `Friends` each qualifier is a friend's id and each value the social circle the friend is in. A person's friendships
// are one row read, and adding or removing a friend is one cell written or deleted, without reading the row. The
// seed contrasts it with one row per friendship (`Jose#1` with columns Friend and Circle), which grows the table
// much faster: both are stored here for comparison.
import assert from 'node:assert/strict';
import { Column, Entity, Family, Gc, KeyPart, QualifierMap } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'people' })
@Family('Friends', { gc: Gc.maxVersions(1) })
export class Person {
  declare static readonly keyParts: readonly ['id'];
  @KeyPart(0, 'string') id!: string;
  /** Friend id → social circle: qualifiers as data. */
  @QualifierMap({ family: 'Friends', key: 'string', value: 'string' }) friends!: Map<string, string>;
}

/** The design the seed advises against: the same columns in every row, one row per friendship. */
@Entity({ table: 'friendships' })
@Family('f', { gc: Gc.maxVersions(1) })
export class Friendship {
  declare static readonly keyParts: readonly ['person', 'n'];
  @KeyPart(0, 'string') person!: string;
  @KeyPart(1, { type: 'int64', width: 1, as: 'number' }) n!: number;
  @Column({ family: 'f', qualifier: 'Friend', codec: 'string' }) friend!: string;
  @Column({ family: 'f', qualifier: 'Circle', codec: 'string' }) circle!: string;
}

// The seed's rows (its English edition's circle names, as the Chinese edition keeps them).
const SEED: Record<string, Array<[string, string]>> = {
  Jose: [
    ['Fred', 'book-club'],
    ['Gabriel', 'work'],
    ['Hiroshi', 'tennis'],
  ],
  Sofia: [
    ['Hiroshi', 'work'],
    ['Seo Yoon', 'school'],
    ['Jakob', 'chess-club'],
  ],
};

export const friends: Example = {
  id: 'friends',
  name: 'friends (family Friends: friend ids as qualifiers, social circle as value)',
  seed: 'Schema design best practices — Columns: column qualifiers as data',
  entities: [Person, Friendship],
  async run(mapper) {
    const people = mapper.repository(Person);
    const rows = mapper.repository(Friendship);
    for (const [id, list] of Object.entries(SEED)) {
      await people.save(Object.assign(new Person(), { id, friends: new Map(list) }));
      await rows.saveMany(
        list.map(([friend, circle], i) =>
          Object.assign(new Friendship(), { person: id, n: i + 1, friend, circle }),
        ),
      );
    }
    const jose = await people.getOrThrow({ id: 'Jose' });
    assert.deepEqual([...jose.friends], SEED.Jose);
    assert.equal(Buffer.from(rows.keyOf({ person: 'Jose', n: 1 })).toString(), 'Jose#1');

    // One cell each, no read of the row: Sofia meets Fred at the book club, and leaves the chess club.
    await people.put({ id: 'Sofia' }, 'friends', [['Fred', 'book-club']]);
    await people.remove({ id: 'Sofia' }, 'friends', ['Jakob']);
    const sofia = await people.getOrThrow({ id: 'Sofia' });
    assert.deepEqual(
      [...sofia.friends], // qualifiers come back sorted by their bytes
      [
        ['Fred', 'book-club'],
        ['Hiroshi', 'work'],
        ['Seo Yoon', 'school'],
      ],
    );
    // Part of a row: only Jose's friends whose id starts with `H`, selected by qualifier on the server.
    const josesH = await people.find({ id: 'Jose' }).entries('friends', { prefix: 'H' }).first();
    assert.deepEqual([...(josesH?.friends ?? [])], [['Hiroshi', 'tennis']]);
    // Who has Hiroshi as a friend: the key is the person, so this question is a scan of every row (fine for a demo;
    // asked often, it would deserve rows keyed by the friend).
    const all = await people.scan().toArray();
    const hiroshi = all
      .filter((p) => p.friends.has('Hiroshi'))
      .map((p) => `${p.id} (${p.friends.get('Hiroshi')})`);
    assert.deepEqual(hiroshi, ['Jose (tennis)', 'Sofia (work)']);
    const rowCount = await rows.scan().count();
    assert.equal(rowCount, 6);
    return [
      `Jose's friends, one row: ${[...jose.friends].map(([f, c]) => `${f}=${c}`).join(', ')}`,
      `Sofia after put(Fred) and remove(Jakob), one MutateRow each: ${[...sofia.friends.keys()].join(', ')}`,
      `Jose's friends starting with H, entries('friends', { prefix: 'H' }): ${[...(josesH?.friends.keys() ?? [])].join(', ')}`,
      `friends with Hiroshi: ${hiroshi.join(', ')}`,
      `the same data as one row per friendship: ${rowCount} rows instead of 2`,
    ];
  },
};
