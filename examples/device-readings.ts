// Seed "Schema design best practices", row keys to avoid (frequently updated identifiers) and time-based data.
// Rewriting one row `4c410523#memusage` every second makes a hot row that outgrows its size limit; the seed stores
// each reading in a new row instead, keyed device, metric, timestamp: `4c410523#memusage#1423523569918`. A time
// range is then one row range, computed from start and end keys. When the newest readings are read first, the
// seed's other pattern reverses the timestamp (Long.MAX_VALUE - t) so that rows sort newest first; as with any
// timestamp, never at the start of the key.
import assert from 'node:assert/strict';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'readings' })
@Family('m', { gc: Gc.maxVersions(1) })
export class Reading {
  declare static readonly keyParts: readonly ['deviceId', 'metric', 'atMillis'];
  @KeyPart(0, 'string') deviceId!: string;
  @KeyPart(1, 'string') metric!: string;
  /** Milliseconds since the epoch, 13 digits as in the seed's key (zero-padded: `03` sorts before `20`). */
  @KeyPart(2, { type: 'int64', width: 13, as: 'number' }) atMillis!: number;
  @Column({ family: 'm', qualifier: 'value', codec: 'int64AsNumber' }) value!: number;
}

@Entity({ table: 'readings_newest_first' })
@Family('m', { gc: Gc.maxVersions(1) })
export class RecentReading {
  declare static readonly keyParts: readonly ['deviceId', 'metric', 'at'];
  @KeyPart(0, 'string') deviceId!: string;
  @KeyPart(1, 'string') metric!: string;
  /** Stored as Long.MAX_VALUE - milliseconds: the newest reading has the smallest key. */
  @KeyPart(2, 'reversedTimestamp') at!: Date;
  @Column({ family: 'm', qualifier: 'value', codec: 'int64AsNumber' }) value!: number;
}

const FIRST = 1423523569918; // the seed's timestamp
const SECOND = 1000;
const MEMORY = [512, 515, 530, 528, 601, 599, 610, 640]; // MB, one reading a second

export const deviceReadings: Example = {
  id: 'readings',
  name: 'device time series: one row per reading (4c410523#memusage#<ts>), reversed timestamps newest first',
  seed: 'Schema design best practices — Row keys to avoid: frequently updated identifiers; Time-based data',
  entities: [Reading, RecentReading],
  async run(mapper) {
    const readings = mapper.repository(Reading);
    const recent = mapper.repository(RecentReading);
    const rows = MEMORY.map((value, i) => ({
      deviceId: '4c410523',
      metric: 'memusage',
      value,
      t: FIRST + i * SECOND,
    }));
    await readings.saveMany(rows.map(({ t, ...r }) => Object.assign(new Reading(), r, { atMillis: t })));
    await recent.saveMany(
      rows.map(({ t, ...r }) => Object.assign(new RecentReading(), r, { at: new Date(t) })),
    );
    assert.equal(
      Buffer.from(readings.keyOf({ deviceId: '4c410523', metric: 'memusage', atMillis: FIRST })).toString(),
      '4c410523#memusage#1423523569918',
    );

    // Seconds 2 to 5: start and end keys computed from the times, one row range.
    const window = readings
      .find({ deviceId: '4c410523', metric: 'memusage' })
      .where('atMillis', '>=', FIRST + 2 * SECOND)
      .where('atMillis', '<', FIRST + 5 * SECOND);
    const inWindow = await window.toArray();
    assert.deepEqual(
      inWindow.map((r) => r.value),
      [530, 528, 601],
    );

    // The three newest readings: the first three rows of a forward scan, no reverse read needed.
    const newest = await recent.find({ deviceId: '4c410523', metric: 'memusage' }).limit(3).toArray();
    assert.deepEqual(
      newest.map((r) => r.value),
      [640, 610, 599],
    );
    assert.equal(newest[0]!.at.getTime(), FIRST + 7 * SECOND);
    const newestKey = Buffer.from(recent.keyOf(newest[0]!)).toString();
    assert.equal(newestKey, `4c410523#memusage#${2n ** 63n - 1n - BigInt(FIRST + 7 * SECOND)}`);
    return [
      `${MEMORY.length} readings, one row each: 4c410523#memusage#${FIRST} … #${FIRST + 7 * SECOND}`,
      `readings in [t+2s, t+5s): ${inWindow.map((r) => r.value).join(', ')} MB`,
      ...window
        .explain()
        .split('\n')
        .map((l) => `  ${l}`),
      `newest three (reversed timestamps, forward scan + limit 3): ${newest.map((r) => r.value).join(', ')} MB`,
      `  newest key: ${newestKey}`,
    ];
  },
};
