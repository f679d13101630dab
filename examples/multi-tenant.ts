// Seed "Schema design best practices", multitenancy: one table for every customer, the tenant id as the first key
// segment (`altostrat#phone#4c410523#20190501`), so each tenant's data is a contiguous range that can be read by
// prefix and, when the customer leaves, dropped with one DropRowRange on that prefix. Separate tables per customer
// would hit the 1,000-tables-per-instance limit and scale worse.
import assert from 'node:assert/strict';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'devices' })
@Family('stats_summary', { gc: Gc.maxVersions(1) })
export class TenantDeviceDay {
  declare static readonly keyParts: readonly ['tenant', 'deviceType', 'deviceId', 'day'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') deviceType!: string;
  @KeyPart(2, 'string') deviceId!: string;
  @KeyPart(3, 'string') day!: string;
  @Column({ family: 'stats_summary', qualifier: 'os_build', codec: 'string' }) osBuild!: string;
}

// The seed's rows (in its order), plus a customer whose id starts like another's: the drop must not touch it.
const KEYS = [
  'altostrat#phone#4c410523#20190501',
  'altostrat#phone#4c410523#20190502',
  'altostrat#tablet#a0b41f74#20190501',
  'altostratus#phone#77aa0c31#20190501',
  'examplepetstore#phone#4c410523#20190502',
  'examplepetstore#tablet#a6b81f79#20190501',
  'examplepetstore#tablet#a0b81f79#20190502',
];

export const multiTenant: Example = {
  id: 'tenants',
  name: 'multitenancy (altostrat#… / examplepetstore#…), dropping a tenant by prefix',
  seed: 'Schema design best practices — Multitenancy',
  entities: [TenantDeviceDay],
  async run(mapper) {
    const days = mapper.repository(TenantDeviceDay);
    await days.saveMany(
      KEYS.map((key) => {
        const [tenant, deviceType, deviceId, day] = key.split('#') as [string, string, string, string];
        return Object.assign(new TenantDeviceDay(), {
          tenant,
          deviceType,
          deviceId,
          day,
          osBuild: 'PQ2A.190405.003',
        });
      }),
    );
    const keyOf = (d: TenantDeviceDay): string => Buffer.from(days.keyOf(d)).toString();
    const altostrat = await days.find({ tenant: 'altostrat' }).toArray();
    assert.deepEqual(altostrat.map(keyOf), KEYS.slice(0, 3));
    const petstorePhones = await days.find({ tenant: 'examplepetstore', deviceType: 'phone' }).count();
    assert.equal(petstorePhones, 1);

    // altostrat is no longer a customer: one DropRowRange on `altostrat#` (the delimiter keeps altostratus).
    await days.deleteByPrefix({ tenant: 'altostrat' });
    const left = (await days.scan().toArray()).map(keyOf);
    assert.deepEqual(left, KEYS.slice(3).sort()); // key order (the seed lists a6b81f79 before a0b81f79)
    return [
      `find({ tenant: 'altostrat' }): ${altostrat.length} rows, one range read of altostrat#`,
      `find({ tenant: 'examplepetstore', deviceType: 'phone' }).count(): ${petstorePhones}`,
      `deleteByPrefix({ tenant: 'altostrat' }) → DropRowRange altostrat#; left: ${left.join(', ')}`,
    ];
  },
};
