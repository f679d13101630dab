import { Test } from '@nestjs/testing';
import { Mapper } from 'bigtable-mapper';
import { BigtableMapperModule } from 'bigtable-mapper/nestjs';
import { EMULATOR_HOST_KEY } from 'bigtable-mapper/testing/vitest';
import { expect, inject, it } from 'vitest';
import { AppModule, OrderService, orderServiceProvider } from './snippets/nest-app-standard.js';
import { Order } from './snippets/order.js';

// docs/nestjs.md's Nest application for TC39 standard decorators (no parameter decorators), run in both vitest
// projects (vitest.config.ts), i.e. compiled as standard and as legacy decorators, on the emulator. The snippet's
// AppModule is checked for what @Module recorded; the round trip runs its provider in a testing module of a table
// of this test's own (the AppModule's fixed table would be shared by the two projects' concurrent runs).

const emulatorHost = (): string => {
  const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
  if (typeof injected !== 'string') throw new Error('the global setup provides the emulator');
  return injected;
};

it('@Module records the snippet’s imports and providers', () => {
  expect(Reflect.getMetadata('providers', AppModule)).toEqual([orderServiceProvider]);
  expect(Reflect.getMetadata('imports', AppModule)).toHaveLength(2);
});

it('the factory-provided service saves and reads through the injected repository', async () => {
  const tableId = `nest_standard_orders_${process.pid}_${Date.now()}`;
  const connection = { projectId: 'nest-project', instanceId: 'nest-instance', emulatorHost: emulatorHost() };
  const app = await Test.createTestingModule({
    imports: [
      BigtableMapperModule.forRoot({
        connection,
        repository: { tableIds: { orders: tableId } },
        ensureSchema: [Order],
      }),
      BigtableMapperModule.forFeature([Order]),
    ],
    providers: [orderServiceProvider],
  }).compile();
  await app.init();
  try {
    expect(await app.get(OrderService).place('acme', 'o-1')).toEqual(
      Object.assign(new Order(), { customer: 'acme', orderId: 'o-1', status: 'new', items: new Map() }),
    );
  } finally {
    await app.close();
    const admin = Mapper.connect(connection, { tableIds: { orders: tableId } });
    await admin.schema
      .apply(await admin.schema.plan([], { pruneTables: [tableId] }), { allowDestructive: true })
      .finally(() => admin.close());
  }
});
