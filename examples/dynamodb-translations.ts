// Seed "Bigtable for DynamoDB users", data types and data versioning: how DynamoDB's item attributes map onto one
// Bigtable row.
// - Set → a column family whose qualifiers are the members (sorted by their bytes). The seed writes a single 0 byte
//   as each value; the SDK writes an empty value (the qualifier is the data either way).
// - Map → a column family: qualifier = map key, cell value = map value.
// - List → one column whose cells are the elements, timestamped at insertion: appending writes a new cell, reads
//   return the newest first (the seed prepends with reversed insertion timestamps instead).
// - Item versioning → cell versions: every write of a column adds a timestamped cell, the newest is the value, a
//   GC rule bounds the history. DynamoDB needs a `v0_` copy of the item plus one copy per version, and a read before
//   each write.
// - Atomic counter → ReadModifyWriteRow increment of a 64-bit big-endian cell, no read by the client.
import assert from 'node:assert/strict';
import type { Versioned } from 'bigtable-mapper';
import {
  Column,
  Counter,
  Entity,
  Family,
  Gc,
  KeyPart,
  QualifierMap,
  QualifierSet,
} from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'players' })
@Family('badges', { gc: Gc.maxVersions(1) })
@Family('best_scores', { gc: Gc.maxVersions(1) })
@Family('events', { gc: Gc.maxVersions(100) }) // a list of at most the 100 newest elements
@Family('profile', { gc: Gc.maxVersions(3) }) // the item's last 3 versions
@Family('counters', { gc: Gc.maxVersions(1) })
export class Player {
  declare static readonly keyParts: readonly ['playerId'];
  @KeyPart(0, 'string') playerId!: string;
  /** DynamoDB set (SS). */
  @QualifierSet({ family: 'badges', key: 'string' }) badges!: Set<string>;
  /** DynamoDB map (M): game → best score. */
  @QualifierMap({ family: 'best_scores', key: 'string', value: 'int64AsNumber' }) bestScores!: Map<
    string,
    number
  >;
  /** DynamoDB list (L), newest first: one cell per element. */
  @Column({ family: 'events', qualifier: 'list', codec: 'string', versioned: true })
  events!: Versioned<string>[];
  /** A versioned attribute: every change keeps the previous value as an older cell. */
  @Column({ family: 'profile', qualifier: 'city', codec: 'string', versioned: true })
  city!: Versioned<string>[];
  /** DynamoDB atomic counter (UpdateItem ADD). */
  @Counter({ family: 'counters', qualifier: 'logins', as: 'number' }) logins!: number;
}

const at = (iso: string): Date => new Date(iso);

export const dynamodbTranslations: Example = {
  id: 'dynamodb',
  name: 'DynamoDB translations: set, map, list as cell versions, item versioning, atomic counter',
  seed: 'Bigtable for DynamoDB users — Data types; Data versioning',
  entities: [Player],
  async run(mapper) {
    const players = mapper.repository(Player);
    const key = { playerId: 'ana' };
    await players.save(
      Object.assign(new Player(), {
        playerId: 'ana',
        badges: new Set(['early-bird']),
        bestScores: new Map([['chess', 1200]]),
        events: [{ timestamp: at('2024-05-01T10:00:00Z'), value: 'signed up' }],
        city: [{ timestamp: at('2024-05-01T10:00:00Z'), value: 'Lisbon' }],
        logins: 0,
      }),
    );
    // Set and map: one cell written or deleted per member, no read (DynamoDB: UpdateItem ADD/DELETE, SET m.k).
    await players.add(key, 'badges', ['chess-master', 'streak-7']);
    await players.remove(key, 'badges', ['early-bird']);
    await players.put(key, 'bestScores', [
      ['chess', 1350],
      ['go', 900],
    ]);
    // List append (DynamoDB list_append): a new cell at the insertion time.
    await players.update(key, { events: [{ timestamp: at('2024-05-02T08:30:00Z'), value: 'won at chess' }] });
    await players.update(key, { events: [{ timestamp: at('2024-05-03T19:15:00Z'), value: 'played go' }] });
    // Two new versions of the city; with `profile` keeping 3, all three are readable, the newest is the value.
    await players.update(key, { city: [{ timestamp: at('2024-06-10T00:00:00Z'), value: 'Porto' }] });
    await players.update(key, { city: [{ timestamp: at('2024-09-01T00:00:00Z'), value: 'Madrid' }] });
    // Atomic counter (DynamoDB: UpdateItem ADD logins 1): ReadModifyWriteRow, the server adds.
    await Promise.all([1, 2, 3, 4].map(() => players.increment(key, 'logins', 1)));

    const ana = await players.getOrThrow(key);
    assert.deepEqual([...ana.badges], ['chess-master', 'streak-7']);
    assert.deepEqual(
      [...ana.bestScores],
      [
        ['chess', 1350],
        ['go', 900],
      ],
    );
    assert.deepEqual(
      ana.events.map((e) => e.value),
      ['played go', 'won at chess', 'signed up'],
    );
    assert.deepEqual(
      ana.city.map((c) => c.value),
      ['Madrid', 'Porto', 'Lisbon'],
    );
    assert.equal(ana.logins, 4);
    // The item as it was on 2024-07-01: the versions written before that time.
    const julyFirst = await players
      .find(key)
      .versions({ until: at('2024-07-01T00:00:00Z'), latest: 1 })
      .first();
    assert.equal(julyFirst?.city[0]?.value, 'Porto');
    return [
      `set badges: ${[...ana.badges].join(', ')}`,
      `map bestScores: ${[...ana.bestScores].map(([g, s]) => `${g}=${s}`).join(', ')}`,
      `list events, newest first: ${ana.events.map((e) => e.value).join(' | ')}`,
      `versions of city: ${ana.city.map((c) => `${c.value} @ ${c.timestamp.toISOString().slice(0, 10)}`).join(', ')}`,
      `city as of 2024-07-01 (versions({ until, latest: 1 })): ${julyFirst?.city[0]?.value}`,
      `logins after 4 concurrent increments: ${ana.logins}`,
    ];
  },
};
