import { Mapper } from 'bigtable-mapper';
import { Column, Counter, Entity, Family, Gc, KeyPart, QualifierSet } from 'bigtable-mapper/decorators';

@Entity({ table: 'telemetry' })                       // keys: phone#4c410523#20200501
@Family('stats_summary', { gc: Gc.maxVersions(1) })
@Family('tags')
@Family('counters', { gc: Gc.maxVersions(1) })        // an increment rewrites the cell: keep only the newest
class DeviceDay {
  declare static readonly keyParts: readonly ['deviceType', 'deviceId', 'day']; // types keys; emits nothing
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @KeyPart(2, 'string') day!: string;
  @Column({ family: 'stats_summary', qualifier: 'os_build', codec: 'string' }) osBuild!: string;
  @Column({ family: 'stats_summary', codec: 'float64', optional: true }) cpu?: number;
  @QualifierSet({ family: 'tags', key: 'string' }) tags!: Set<string>;  // qualifiers as data
  @Counter({ family: 'counters', as: 'number' }) pings!: number;       // ReadModifyWriteRow increments
}

const mapper = Mapper.connect({ projectId: 'my-project', instanceId: 'my-instance' });
await mapper.ensureSchema([DeviceDay]);               // creates the table, families, GC rules; re-runnable
const days = mapper.repository(DeviceDay);
await days.save(Object.assign(new DeviceDay(), {
  deviceType: 'phone', deviceId: '4c410523', day: '20200501', osBuild: 'PQ2A.190405.003', tags: new Set(['beta']), pings: 0,
}));                                                   // one atomic MutateRow
await days.increment({ deviceType: 'phone', deviceId: '4c410523', day: '20200501' }, 'pings', 1);
const day = await days.get({ deviceType: 'phone', deviceId: '4c410523', day: '20200501' });
const lastWeek = await days
  .find({ deviceType: 'phone', deviceId: '4c410523' })  // exact prefix phone#4c410523#
  .where('day', '>=', '20200425')                       // row range on the next key part
  .reverse()
  .limit(7)
  .toArray();                                           // .explain() prints the row set, filters and notes
await days.deleteByPrefix({ deviceType: 'phone', deviceId: '4c410523' }); // DropRowRange on phone#4c410523#
