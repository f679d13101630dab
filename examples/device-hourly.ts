// Seed "Schema design best practices", cells: use aggregate cells to store and update aggregated data. When only
// the hourly figures of a device matter, each reading is merged into the device's day row as it is written
// (AddToCell into a Sum family) instead of being stored: one cell per hour, the hour being the cell timestamp, so a
// day's row holds at most 24 cells per aggregate (the GC rule says so), and a day of figures is one row read.
// On the emulator Sum aggregates work; Min and Max keep the last input instead (BIGTABLE-FACTS.md), so this example
// aggregates with Sum only: a sum and a count, whose ratio is the hourly mean.
import assert from 'node:assert/strict';
import type { Versioned } from 'bigtable-mapper';
import { Aggregate, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'device_hours' })
@Family('hourly', { aggregate: 'sum', gc: Gc.maxVersions(24) }) // a day row: at most 24 hourly cells per column
export class DeviceDayAggregates {
  declare static readonly keyParts: readonly ['deviceType', 'deviceId', 'day'];
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @KeyPart(2, 'string') day!: string;
  /** Sum of memory readings (MB), one cell per hour (bucket = the hour's start), newest first. */
  @Aggregate({ family: 'hourly', qualifier: 'memusage_sum', as: 'number', versioned: true })
  memSum!: Versioned<number>[];
  /** Number of readings per hour. */
  @Aggregate({ family: 'hourly', qualifier: 'readings', as: 'number', versioned: true })
  count!: Versioned<number>[];
}

const HOUR = 3_600_000;

export const deviceHourly: Example = {
  id: 'hourly',
  name: 'device time series: hourly aggregates with AddToCell (phone#4c410523#20200501)',
  seed: 'Schema design best practices — Cells: aggregate cells',
  entities: [DeviceDayAggregates],
  async run(mapper) {
    const days = mapper.repository(DeviceDayAggregates);
    // The seed's device and day, 09:00 to 11:59 UTC, a reading every 20 minutes.
    const day = '20200501';
    const start = Date.UTC(2020, 4, 1);
    const key = { deviceType: 'phone', deviceId: '4c410523', day };
    const readings: Array<[number, number]> = []; // [time, MB]
    for (let i = 0; i < 9; i++) readings.push([start + 9 * HOUR + i * 20 * 60_000, 500 + 10 * i]);
    for (const [t, mb] of readings) {
      const bucket = new Date(t - (t % HOUR)); // the hour's start
      await days.aggregate(key, 'memSum', mb, { bucket });
      await days.aggregate(key, 'count', 1, { bucket });
    }
    const row = await days.getOrThrow(key);
    const hours = row.memSum.map((s, i) => ({
      hour: s.timestamp.toISOString().slice(11, 16),
      sum: s.value,
      count: row.count[i]!.value,
    }));
    assert.deepEqual(hours, [
      { hour: '11:00', sum: 560 + 570 + 580, count: 3 },
      { hour: '10:00', sum: 530 + 540 + 550, count: 3 },
      { hour: '09:00', sum: 500 + 510 + 520, count: 3 },
    ]);
    assert.equal(Buffer.from(days.keyOf(key)).toString(), `phone#4c410523#${day}`);
    return [
      `${readings.length} readings merged into phone#4c410523#${day} with AddToCell, bucket = hour`,
      ...hours.map((h) => `  ${h.hour} UTC: ${h.count} readings, mean ${h.sum / h.count} MB`),
    ];
  },
};
