import { inject, it, expect } from 'vitest';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import { Mapper, TransportError } from 'bigtable-mapper';
import { EMULATOR_HOST_KEY } from 'bigtable-mapper/testing/vitest';
import { deleteTable } from '../../src/transport/table-admin.js';
import { ensureTable } from './snippets/ensure-tables.js';

@Entity({ table: 'docs_orders', prefix: 'order' })
@Family('d', { gc: Gc.maxVersions(1) })
class Order {
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

// What docs/getting-started.md says about creating tables, checked on the emulator.
it('createTable fails on an existing table; ensureTable can run any number of times', async () => {
  const emulatorHost = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY) as string;
  const tableId = `docs_orders_${process.pid}`;
  const mapper = Mapper.connect(
    { projectId: 'p', instanceId: 'i', emulatorHost },
    { tableIds: { docs_orders: tableId } },
  );
  try {
    await mapper.createTable(Order);
    const second = mapper.createTable(Order);
    await expect(second).rejects.toBeInstanceOf(TransportError);
    await expect(second).rejects.toMatchObject({ grpcCode: 6 });
    await ensureTable(mapper, Order);
    await ensureTable(mapper, Order);
    await mapper.repository(Order).save(Object.assign(new Order(), { id: 'o1', status: 'new' }));
    expect((await mapper.repository(Order).get({ id: 'o1' }))?.status).toBe('new');
  } finally {
    await deleteTable(mapper.connection, tableId).catch(() => undefined);
    await mapper.close();
  }
});
