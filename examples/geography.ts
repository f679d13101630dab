// Seed "Schema design best practices", row keys: start with a common value and end with a granular one. Keys
// `asia#india#bangalore` (continent, country, city) sort by the lower-cardinality values first, so a continent, a
// country, or a city prefix within a country is one contiguous range of rows.
import assert from 'node:assert/strict';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'places' })
@Family('place', { gc: Gc.maxVersions(1) })
export class City {
  declare static readonly keyParts: readonly ['continent', 'country', 'city'];
  @KeyPart(0, 'string') continent!: string;
  @KeyPart(1, 'string') country!: string;
  @KeyPart(2, 'string') city!: string;
  @Column({ family: 'place', codec: 'string' }) name!: string;
}

// The seed's keys, and their display names.
const SEED: ReadonlyArray<[string, string, string, string]> = [
  ['asia', 'india', 'bangalore', 'Bangalore'],
  ['asia', 'india', 'mumbai', 'Mumbai'],
  ['asia', 'japan', 'osaka', 'Osaka'],
  ['asia', 'japan', 'sapporo', 'Sapporo'],
  ['southamerica', 'bolivia', 'cochabamba', 'Cochabamba'],
  ['southamerica', 'bolivia', 'lapaz', 'La Paz'],
  ['southamerica', 'chile', 'santiago', 'Santiago'],
  ['southamerica', 'chile', 'temuco', 'Temuco'],
];

const keys = (cities: readonly City[]): string =>
  cities.map((c) => `${c.continent}#${c.country}#${c.city}`).join(', ');

export const geography: Example = {
  id: 'geo',
  name: 'geography prefixes (asia#india#bangalore)',
  seed: 'Schema design best practices — Row keys: common value first, granular value last',
  entities: [City],
  async run(mapper) {
    const cities = mapper.repository(City);
    // Saved in reverse: the table's order comes from the keys alone.
    await cities.saveMany(
      [...SEED]
        .reverse()
        .map(([continent, country, city, name]) =>
          Object.assign(new City(), { continent, country, city, name }),
        ),
    );
    const everything = await cities.scan().toArray();
    assert.deepEqual(
      everything.map((c) => c.name),
      SEED.map((s) => s[3]),
    );
    const asia = await cities.find({ continent: 'asia' }).toArray();
    assert.equal(asia.length, 4);
    // The prefix is `asia#india#`, delimiter included: a country named `indiana` would not match.
    const india = await cities.find({ continent: 'asia', country: 'india' }).toArray();
    assert.deepEqual(
      india.map((c) => c.city),
      ['bangalore', 'mumbai'],
    );
    const chileT = cities
      .find({ continent: 'southamerica', country: 'chile' })
      .where('city', 'startsWith', 't');
    assert.deepEqual(
      (await chileT.toArray()).map((c) => c.name),
      ['Temuco'],
    );
    // The same range read backwards: the last city of Asia first.
    const lastOfAsia = await cities.find({ continent: 'asia' }).reverse().first();
    assert.equal(lastOfAsia?.city, 'sapporo');
    return [
      `find({ continent: 'asia' }): ${keys(asia)}`,
      `find({ continent: 'asia', country: 'india' }): ${keys(india)}`,
      `find({ continent: 'southamerica', country: 'chile' }).where('city', 'startsWith', 't'): temuco`,
      ...chileT
        .explain()
        .split('\n')
        .map((l) => `  ${l}`),
    ];
  },
};
