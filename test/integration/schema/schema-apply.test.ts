import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Aggregate, Column, Entity, Family, Gc, KeyPart } from '../../../decorators/index.js';
import { DestructiveChangeError } from '../../../src/errors/destructive-change-error.js';
import { Mapper } from '../../../src/repository/mapper.js';
import { formatPlan } from '../../../src/admin/format-plan.js';
import { EMULATOR_INSTANCE, EMULATOR_PROJECT } from '../../../src/testing/test-table.js';
import { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { createTable, deleteTable, getTableSchema } from '../../../src/transport/table-admin.js';

// Three versions of one table, declared under three names so that each can be mapped to the same fresh table id.
@Entity({ table: 'sv1' })
@Family('stats', { gc: Gc.maxVersions(1) })
@Family('views', { aggregate: 'sum' })
class DeviceV1 {
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @Column({ family: 'stats', codec: 'float64', optional: true }) cpu?: number;
  @Aggregate({ family: 'views', qualifier: 'n', as: 'number' }) views: number | undefined;
}

@Entity({ table: 'sv2' })
@Family('stats', { gc: Gc.union(Gc.maxVersions(2), Gc.maxAge({ days: 1 })) })
@Family('views', { aggregate: 'sum' })
@Family('tags')
class DeviceV2 {
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @Column({ family: 'stats', codec: 'float64', optional: true }) cpu?: number;
  @Aggregate({ family: 'views', qualifier: 'n', as: 'number' }) views: number | undefined;
  @Column({ family: 'tags', codec: 'string', optional: true }) label?: string;
}

@Entity({ table: 'sv3' })
@Family('stats', { gc: Gc.union(Gc.maxVersions(2), Gc.maxAge({ days: 1 })) })
@Family('views', { aggregate: 'max' })
@Family('tags')
class DeviceV3 {
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @Aggregate({ family: 'views', qualifier: 'n', as: 'number' }) views: number | undefined;
}

@Entity({ table: 'sv4' })
@Family('a', { gc: Gc.intersection(Gc.maxVersions(3), Gc.maxAge({ hours: 1 })) })
@Family('b', { aggregate: 'hll' })
class Racy {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'a', codec: 'string', optional: true }) name?: string;
}

// Declared with its set members in one order; the live table below is created with them in another.
@Entity({ table: 'sv5' })
@Family('a', { gc: Gc.union(Gc.maxVersions(2), Gc.maxAge({ days: 1 })) })
@Family('b', { gc: Gc.intersection(Gc.maxVersions(5), Gc.union(Gc.maxVersions(1), Gc.maxAge({ hours: 1 }))) })
@Family('c')
class Unordered {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'a', codec: 'string', optional: true }) name?: string;
}

describe('schema plan and apply on the emulator', () => {
  const tableId = `schema_${randomBytes(5).toString('hex')}`;
  let connection: BigtableConnection;
  let v1: Mapper;
  let v2: Mapper;
  let v3: Mapper;

  beforeAll(() => {
    const injected = (inject as (key: string) => unknown)('bigtableEmulatorHost');
    connection = BigtableConnection.connect({
      projectId: EMULATOR_PROJECT,
      instanceId: EMULATOR_INSTANCE,
      emulatorHost: typeof injected === 'string' ? injected : process.env.BIGTABLE_EMULATOR_HOST!,
    });
    v1 = new Mapper(connection, { tableIds: { sv1: tableId } });
    v2 = new Mapper(connection, { tableIds: { sv2: tableId } });
    v3 = new Mapper(connection, { tableIds: { sv3: tableId } });
  });
  afterAll(async () => {
    await deleteTable(connection, tableId).catch(() => undefined);
    await connection.close();
  });

  it('creates the table from nothing, aggregate type and row-key schema (UpdateTable) included', async () => {
    const plan = await v1.schema.plan([DeviceV1]);
    expect(plan.changes.map((c) => c.kind)).toEqual(['createTable', 'setRowKeySchema']);
    const { applied } = await v1.schema.apply(plan);
    expect(applied).toEqual(plan.changes);
    const live = await v1.schema.live(tableId);
    expect(live?.families).toEqual({ stats: { gcRule: { maxVersions: 1 } }, views: { aggregate: 'sum' } });
    // The aggregate family really is one: AddToCell sums.
    const devices = v1.repository(DeviceV1);
    await devices.save(
      Object.assign(new DeviceV1(), { deviceType: 'phone', deviceId: 'd1', views: undefined }),
    );
    await devices.aggregate({ deviceType: 'phone', deviceId: 'd1' }, 'views', 2);
    await devices.aggregate({ deviceType: 'phone', deviceId: 'd1' }, 'views', 3);
    expect((await devices.getOrThrow({ deviceType: 'phone', deviceId: 'd1' })).views).toBe(5);
  });

  it("the emulator accepts UpdateTable's row_key_schema but its GetTable never returns it: 'unknown', noted", async () => {
    expect((await getTableSchema(connection, tableId))?.rowKeySchema).toBeUndefined();
    expect((await v1.schema.live(tableId))?.rowKeySchema.state).toBe('unknown');
    const again = await v1.schema.plan([DeviceV1]);
    expect(again.changes).toEqual([]); // idempotent: apply twice = no change
    expect(again.notes).toEqual([
      `${tableId}: row-key schema not compared (the emulator's GetTable does not return rowKeySchema, so whether one is set cannot be read)`,
    ]);
    expect((await v1.ensureSchema([DeviceV1])).applied).toEqual([]);
  });

  it('adds a family and changes a GC rule (safe), then has nothing left to do', async () => {
    const plan = await v2.schema.plan([DeviceV2]);
    expect(formatPlan(plan)).toContain(
      `+ change GC rule of ${tableId}.stats: maxVersions(1) -> union(maxVersions(2), maxAge(1d))`,
    );
    expect(plan.changes.map((c) => [c.kind, c.safety])).toEqual([
      ['changeGcRule', 'safe'],
      ['addFamily', 'safe'],
    ]);
    await v2.ensureSchema([DeviceV2]);
    expect((await v2.schema.live(tableId))?.families).toEqual({
      stats: { gcRule: { union: [{ maxVersions: 2 }, { maxAgeMillis: 86_400_000 }] } },
      views: { aggregate: 'sum' },
      tags: {},
    });
    expect((await v2.schema.plan([DeviceV2])).changes).toEqual([]);
  });

  it('check reports drift for CI: entities behind the table (GC rule, an undeclared family)', async () => {
    const drift = await v1.schema.check([DeviceV1]);
    expect(drift.inSync).toBe(false);
    expect(drift.changes.map((c) => [c.kind, c.safety])).toEqual([
      ['changeGcRule', 'safe'],
      ['dropFamily', 'destructive'],
    ]);
    expect((await v2.schema.check([DeviceV2])).inSync).toBe(true);
  });

  it('refuses a destructive change (aggregate type) before sending anything, runs it when allowed', async () => {
    const plan = await v3.schema.plan([DeviceV3]);
    expect(plan.changes).toEqual([
      {
        kind: 'changeAggregate',
        safety: 'destructive',
        tableId,
        family: 'views',
        from: { aggregate: 'sum' },
        to: { aggregate: 'max' },
      },
    ]);
    await expect(v3.schema.apply(plan)).rejects.toBeInstanceOf(DestructiveChangeError);
    await expect(v3.ensureSchema([DeviceV3])).rejects.toMatchObject({
      code: 'DESTRUCTIVE_CHANGE',
      changes: [`re-create family ${tableId}.views (its data is lost): aggregate sum -> max`],
    });
    expect((await v3.schema.live(tableId))?.families.views).toEqual({ aggregate: 'sum' });
    await v3.schema.apply(plan, { allowDestructive: true });
    expect((await v3.schema.live(tableId))?.families.views).toEqual({ aggregate: 'max' });
    expect((await v3.schema.plan([DeviceV3])).changes).toEqual([]);
  });

  it('ensureSchema from several processes at once: each one succeeds, the table is created once', async () => {
    const racyTable = `schema_race_${randomBytes(5).toString('hex')}`;
    const racers = [0, 1, 2].map(() => new Mapper(connection, { tableIds: { sv4: racyTable } }));
    try {
      await Promise.all(racers.map((m) => m.ensureSchema([Racy])));
      // The emulator keeps an intersection rule as written (it only ignores it when collecting).
      expect((await v1.schema.live(racyTable))?.families).toEqual({
        a: { gcRule: { intersection: [{ maxVersions: 3 }, { maxAgeMillis: 3_600_000 }] } },
        b: { aggregate: 'hll' },
      });
      expect((await racers[0]!.schema.plan([Racy])).changes).toEqual([]);
    } finally {
      await deleteTable(connection, racyTable).catch(() => undefined);
    }
  });

  it('compares union and intersection members as sets: another order (nested too) is no drift', async () => {
    const unorderedTable = `schema_order_${randomBytes(5).toString('hex')}`;
    const mapper = new Mapper(connection, { tableIds: { sv5: unorderedTable } });
    try {
      await createTable(connection, unorderedTable, {
        c: {},
        b: {
          gcRule: {
            intersection: [{ union: [{ maxAgeMillis: 3_600_000 }, { maxVersions: 1 }] }, { maxVersions: 5 }],
          },
        },
        a: { gcRule: { union: [{ maxAgeMillis: 86_400_000 }, { maxVersions: 2 }] } },
      });
      // Read back as created (the emulator keeps member order; it lists families in any order).
      expect((await mapper.schema.live(unorderedTable))?.families.a).toEqual({
        gcRule: { union: [{ maxAgeMillis: 86_400_000 }, { maxVersions: 2 }] },
      });
      expect((await mapper.schema.plan([Unordered])).changes).toEqual([]);
      expect((await mapper.schema.check([Unordered])).inSync).toBe(true);
      expect((await mapper.ensureSchema([Unordered])).applied).toEqual([]);
    } finally {
      await deleteTable(connection, unorderedTable).catch(() => undefined);
    }
  });

  it('derives safety from the change, not from the plan: a tampered or unknown change is refused', async () => {
    const tampered = { changes: [{ kind: 'dropTable', safety: 'safe', tableId } as never], notes: [] };
    await expect(v1.schema.apply(tampered)).rejects.toBeInstanceOf(DestructiveChangeError);
    const unknown = { changes: [{ kind: 'truncate', safety: 'safe', tableId } as never], notes: [] };
    await expect(v1.schema.apply(unknown)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(await v1.schema.live(tableId)).toBeDefined();
  });

  it('prunes an undeclared family only when asked, and only with allowDestructive', async () => {
    const plan = await v1.schema.plan([DeviceV1], { pruneFamilies: true });
    expect(plan.changes.map((c) => c.kind)).toEqual(['changeGcRule', 'dropFamily', 'changeAggregate']);
    await expect(v1.schema.apply(plan)).rejects.toBeInstanceOf(DestructiveChangeError);
    await v1.schema.apply(plan, { allowDestructive: true });
    expect((await v1.schema.check([DeviceV1])).inSync).toBe(true);
  });
});
