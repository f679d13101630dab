import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { TestingModule } from '@nestjs/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ConnectionClosedError } from '../../../src/errors/connection-closed-error.js';
import {
  BigtableMapperModule,
  getMapperToken,
  InjectMapper,
  InjectRepository,
} from '../../../src/nestjs/index.js';
import type { Mapper } from '../../../src/repository/mapper.js';
import type { Repository } from '../../../src/repository/repository.js';
import { EMULATOR_HOST_KEY } from '../../../src/testing/vitest/emulator-global-setup.js';
import { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { deleteTable } from '../../../src/transport/table-admin.js';
import { Order, OrderService } from '../../docs/snippets/nest-app.js';

// A real Nest application context (@nestjs/testing) on the emulator: module → service → repository → Bigtable.
// The entity and its service are docs/nestjs.md's (test/docs/snippets/nest-app.ts).

/** Keeps the archived copy of an order on the second mapper. */
@Injectable()
class ArchiveService {
  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order, readonly ['orderId']>,
    @InjectRepository(Order, 'archive')
    private readonly archived: Repository<Order, readonly ['orderId']>,
  ) {}

  async archive(orderId: string): Promise<Order | undefined> {
    const order = await this.orders.getOrThrow({ orderId });
    await this.archived.save(order);
    await this.orders.delete({ orderId });
    return this.archived.get({ orderId });
  }
}

@Injectable()
class Settings {
  readonly bigtable = {
    projectId: 'nest-project',
    instanceId: 'nest-instance',
    emulatorHost: emulatorHost(),
  };
}

@Module({ providers: [Settings], exports: [Settings] })
class SettingsModule {}

@Injectable()
class MapperUser {
  constructor(
    @InjectMapper() readonly main: Mapper,
    @InjectMapper('archive') readonly archive: Mapper,
  ) {}
}

function emulatorHost(): string {
  const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
  const host = typeof injected === 'string' ? injected : process.env.BIGTABLE_EMULATOR_HOST;
  if (!host) throw new Error('the global setup provides the emulator');
  return host;
}

const suffix = `${process.pid}_${Date.now()}`;

function application(): Promise<TestingModule> {
  return Test.createTestingModule({
    imports: [
      BigtableMapperModule.forRoot({
        connection: { projectId: 'nest-project', instanceId: 'nest-instance', emulatorHost: emulatorHost() },
        repository: { tableIds: { orders: `nest_orders_${suffix}` } },
        ensureSchema: [Order],
      }),
      // A second mapper, its options from another provider (as from ConfigService).
      BigtableMapperModule.forRootAsync({
        name: 'archive',
        imports: [SettingsModule],
        inject: [Settings],
        useFactory: (settings: Settings) => ({
          connection: settings.bigtable,
          repository: { tableIds: { orders: `nest_archive_${suffix}` } },
          ensureSchema: [Order],
        }),
      }),
      BigtableMapperModule.forFeature([Order]),
      BigtableMapperModule.forFeature([Order], 'archive'),
    ],
    providers: [OrderService, ArchiveService, MapperUser],
  }).compile();
}

describe('BigtableMapperModule in a Nest application', () => {
  afterAll(async () => {
    const connection = BigtableConnection.connect({
      projectId: 'nest-project',
      instanceId: 'nest-instance',
      emulatorHost: emulatorHost(),
    });
    try {
      for (const table of [`nest_orders_${suffix}`, `nest_archive_${suffix}`])
        await deleteTable(connection, table);
    } finally {
      await connection.close();
    }
  });

  it('a service saves and reads through injected repositories of two mappers', async () => {
    const app = await application();
    await app.init();
    try {
      expect(await app.get(OrderService).place('o-1')).toEqual(
        Object.assign(new Order(), { orderId: 'o-1', status: 'new' }),
      );
      expect(await app.get(ArchiveService).archive('o-1')).toMatchObject({ orderId: 'o-1', status: 'new' });
      const { main, archive } = app.get(MapperUser);
      expect(main).not.toBe(archive);
      expect(app.get(getMapperToken())).toBe(main);
      expect(await main.repository(Order).get({ orderId: 'o-1' })).toBeUndefined();
      expect(await archive.repository(Order).get({ orderId: 'o-1' })).toBeDefined();
    } finally {
      await app.close();
    }
  });

  it('closing the application closes every mapper', async () => {
    const app = await application();
    await app.init();
    const { main, archive } = app.get(MapperUser);
    await app.close();
    for (const mapper of [main, archive])
      await expect(mapper.repository(Order).get({ orderId: 'x' })).rejects.toBeInstanceOf(
        ConnectionClosedError,
      );
  });
});
