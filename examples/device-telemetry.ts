// Seed design "device telemetry": rows keyed `phone#4c410523#20200501` (device type, device id, day), one row per
// device per day, readable keys, stats in one family with a GC rule keeping the latest value.
import assert from 'node:assert/strict';
import { Counter, Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'telemetry' })
@Family('stats_summary', { gc: Gc.maxVersions(1) })
@Family('counters')
export class DeviceDay {
  // Type-only (nothing is emitted): tells TypeScript the key parts, so keys and key prefixes are checked at compile
  // time. The decorators below remain what the SDK reads at run time.
  declare static readonly keyParts: readonly ['deviceType', 'deviceId', 'day'];
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @KeyPart(2, 'string') day!: string; // yyyymmdd: sorts like the date
  @Column({ family: 'stats_summary', qualifier: 'connected_cell', codec: 'boolean' }) connectedCell!: boolean;
  @Column({ family: 'stats_summary', qualifier: 'os_build', codec: 'string' }) osBuild!: string;
  @Column({ family: 'stats_summary', qualifier: 'cpu', codec: 'float64', optional: true }) cpu?: number;
  @Counter({ family: 'counters', as: 'number' }) pings!: number;
}

export const deviceTelemetry: Example = {
  id: 'telemetry',
  seed: 'Schema design best practices — Row keys (phone#4c410523#20200501)',
  name: 'device telemetry (phone#4c410523#20200501)',
  entities: [DeviceDay],
  async run(mapper) {
    const days = mapper.repository(DeviceDay);
    const reading = Object.assign(new DeviceDay(), {
      deviceType: 'phone',
      deviceId: '4c410523',
      day: '20200501',
      connectedCell: true,
      osBuild: 'PQ2A.190405.003',
      cpu: 0.42,
      pings: 0,
    });
    await days.save(reading);
    const key = Buffer.from(days.keyOf(reading)).toString();
    assert.equal(key, 'phone#4c410523#20200501');

    for (let i = 0; i < 3; i++) await days.increment(reading, 'pings', 1);
    const loaded = await days.getOrThrow({ deviceType: 'phone', deviceId: '4c410523', day: '20200501' });
    assert.ok(loaded instanceof DeviceDay);
    assert.deepEqual(loaded, Object.assign(new DeviceDay(), reading, { pings: 3 }));

    await days.update(reading, { cpu: undefined, osBuild: 'PQ2A.190405.004' });
    const updated = await days.getOrThrow(reading);
    assert.equal(updated.cpu, undefined);
    assert.equal(updated.osBuild, 'PQ2A.190405.004');
    // A week of days for the same phone, then the README's query: newest first from 2020-04-25.
    await days.saveMany(
      ['20200424', '20200425', '20200427', '20200430'].map((day) =>
        Object.assign(new DeviceDay(), reading, { day }),
      ),
    );
    const recent = await days
      .find({ deviceType: 'phone', deviceId: '4c410523' })
      .where('day', '>=', '20200425')
      .reverse()
      .limit(3)
      .toArray();
    assert.deepEqual(
      recent.map((d) => d.day),
      ['20200501', '20200430', '20200427'],
    );
    // The seed's other rows: phone#4c410523#20200502 and a tablet's two days. One request reads a device type.
    await days.saveMany(
      [
        ['phone', '4c410523', '20200502'],
        ['tablet', 'a0b81f74', '20200501'],
        ['tablet', 'a0b81f74', '20200502'],
      ].map(([deviceType, deviceId, day]) =>
        Object.assign(new DeviceDay(), reading, { deviceType, deviceId, day }),
      ),
    );
    const tablets = await days.find({ deviceType: 'tablet' }).toArray();
    assert.deepEqual(
      tablets.map((d) => Buffer.from(days.keyOf(d)).toString()),
      ['tablet#a0b81f74#20200501', 'tablet#a0b81f74#20200502'],
    );
    return [
      `saved row ${key}`,
      `find({ deviceType: 'tablet' }): ${tablets.map((d) => `${d.deviceId}#${d.day}`).join(', ')} (one range, tablet#)`,
      `find(phone#4c410523#).where(day >= 20200425).reverse().limit(3): ${recent.map((d) => d.day).join(', ')}`,
      `read back: os_build=${loaded.osBuild} connected_cell=${loaded.connectedCell} cpu=${loaded.cpu} pings=${loaded.pings}`,
      `updated two columns atomically: os_build=${updated.osBuild}, cpu removed`,
    ];
  },
};
