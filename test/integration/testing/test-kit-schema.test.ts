import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Aggregate, Column, Entity, Family, Gc, KeyPart } from '../../../decorators/index.js';
import { TestMapper } from '../../../src/testing/test-mapper.js';
import { TestTable } from '../../../src/testing/test-table.js';
import { Mapper } from '../../../src/repository/mapper.js';

@Entity({ table: 'kit_devices' })
@Family('stats', { gc: Gc.union(Gc.maxVersions(2), Gc.maxAge({ days: 7 })) })
@Family('views', { aggregate: 'sum' })
class KitDevice {
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @Column({ family: 'stats', codec: 'float64', optional: true }) cpu?: number;
  @Aggregate({ family: 'views', qualifier: 'n', as: 'number' }) views: number | undefined;
}

@Entity({ table: 'kit_events' })
@Family('e', { gc: Gc.maxVersions(1) })
class KitEvent {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'e', codec: 'string' }) name!: string;
}

const emulatorHost = (): string => {
  const injected = (inject as (key: string) => unknown)('bigtableEmulatorHost');
  return typeof injected === 'string' ? injected : process.env.BIGTABLE_EMULATOR_HOST!;
};

describe('the test kit creates its tables with the schema code users run', () => {
  let kit: TestMapper;
  beforeAll(async () => {
    kit = await TestMapper.create([KitDevice, KitEvent], { emulatorHost: emulatorHost() });
  });
  afterAll(async () => {
    await kit.dispose();
  });

  it('TestMapper: every table as ensureSchema makes it, so ensureSchema and check find nothing to do', async () => {
    const devices = await kit.mapper.schema.live(kit.tableIds.kit_devices!);
    expect(devices?.families).toEqual({
      stats: { gcRule: { union: [{ maxVersions: 2 }, { maxAgeMillis: 7 * 86_400_000 }] } },
      views: { aggregate: 'sum' },
    });
    expect((await kit.mapper.ensureSchema([KitDevice, KitEvent])).applied).toEqual([]);
    expect((await kit.mapper.schema.check([KitDevice, KitEvent])).inSync).toBe(true);
  });

  it('TestTable: ensureTables from its families; a second run is no change', async () => {
    const families = { f: { gcRule: { maxVersions: 1 } }, n: { aggregate: 'sum' as const } };
    const table = await TestTable.create(families, { emulatorHost: emulatorHost() });
    try {
      const schema = new Mapper(table.connection).schema;
      expect((await schema.live(table.tableId))?.families).toEqual(families);
      const again = await schema.ensureTables([
        { tableId: table.tableId, families, rowKeySchema: { state: 'none', reason: 'test' } },
      ]);
      expect(again.applied).toEqual([]);
    } finally {
      await table.dispose();
    }
  });
});
