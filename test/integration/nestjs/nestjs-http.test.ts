import {
  Body,
  Controller,
  Get,
  Inject,
  Injectable,
  Module,
  NotFoundException,
  Param,
  Put,
} from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { HealthCheck, HealthCheckService, TerminusModule } from '@nestjs/terminus';
import type { HealthCheckResult, HealthIndicatorFunction } from '@nestjs/terminus';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Column, Entity, Family, Gc, KeyPart } from '../../../decorators/index.js';
import {
  BigtableMapperHealthIndicator,
  BigtableMapperModule,
  InjectRepository,
} from '../../../src/nestjs/index.js';
import { Mapper } from '../../../src/repository/mapper.js';
import type { Repository } from '../../../src/repository/repository.js';
import { EMULATOR_HOST_KEY } from '../../../src/testing/vitest/emulator-global-setup.js';
import { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { deleteTable } from '../../../src/transport/table-admin.js';

// Issue 27 item 3: a real Nest HTTP application (platform-express, listening on 127.0.0.1) on the emulator:
// controller → service → repository → Bigtable and back, and a @nestjs/terminus health check with
// BigtableMapperHealthIndicator (up on a live table, down with 503 on a table that does not exist).

@Entity({ table: 'http_tickets' })
@Family('d', { gc: Gc.maxVersions(1) })
class Ticket {
  declare static readonly keyParts: readonly ['ticketId'];
  @KeyPart(0, 'string') ticketId!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) priority!: number;
}

@Injectable()
class TicketService {
  constructor(
    @InjectRepository(Ticket) private readonly tickets: Repository<Ticket, readonly ['ticketId']>,
  ) {}

  async put(ticketId: string, body: { title: string; priority: number }): Promise<Ticket> {
    return this.tickets.save(Object.assign(new Ticket(), { ticketId, ...body }));
  }

  async get(ticketId: string): Promise<Ticket> {
    const ticket = await this.tickets.get({ ticketId });
    if (!ticket) throw new NotFoundException(`no ticket ${ticketId}`);
    return ticket;
  }
}

@Controller('tickets')
class TicketController {
  constructor(@Inject(TicketService) private readonly service: TicketService) {}

  @Put(':id')
  put(@Param('id') id: string, @Body() body: { title: string; priority: number }): Promise<Ticket> {
    return this.service.put(id, body);
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<Ticket> {
    return this.service.get(id);
  }
}

@Controller('health')
class HealthController {
  constructor(
    @Inject(HealthCheckService) private readonly health: HealthCheckService,
    @Inject(BigtableMapperHealthIndicator) private readonly bigtable: BigtableMapperHealthIndicator,
  ) {}

  @Get()
  @HealthCheck()
  check(): Promise<HealthCheckResult> {
    // Typed as terminus's own indicator function: the result shape is terminus's HealthIndicatorResult.
    const indicator: HealthIndicatorFunction = () => this.bigtable.isHealthy('bigtable', { entity: Ticket });
    return this.health.check([indicator]);
  }
}

function emulatorHost(): string {
  const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
  const host = typeof injected === 'string' ? injected : process.env.BIGTABLE_EMULATOR_HOST;
  if (!host) throw new Error('the global setup provides the emulator');
  return host;
}

const connection = { projectId: 'http-project', instanceId: 'http-instance' } as const;
const table = `http_tickets_${process.pid}_${Date.now()}`;

/** A Nest HTTP application on a free loopback port, its tickets in `tableId` (created when `ensure`). */
async function listening(tableId: string, ensure: boolean): Promise<{ app: INestApplication; url: string }> {
  @Module({
    imports: [
      BigtableMapperModule.forRoot({
        connection: { ...connection, emulatorHost: emulatorHost() },
        repository: { tableIds: { http_tickets: tableId } },
        ...(ensure ? { ensureSchema: [Ticket] } : {}),
      }),
      BigtableMapperModule.forFeature([Ticket]),
      TerminusModule.forRoot({ logger: false }),
    ],
    controllers: [TicketController, HealthController],
    providers: [TicketService],
  })
  class HttpModule {}

  const moduleRef = await Test.createTestingModule({ imports: [HttpModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

describe('BigtableMapperHealthIndicator without Nest', () => {
  it('reports a mapper it cannot find as down instead of throwing', async () => {
    const indicator = new BigtableMapperHealthIndicator((name) => {
      throw new Error(`no mapper named ${name}`);
    });
    expect(await indicator.isHealthy('archive', { entity: Ticket, mapper: 'archive' })).toEqual({
      archive: { status: 'down', message: 'no mapper named archive' },
    });
  });
});

describe('a Nest HTTP application on the emulator', () => {
  afterAll(async () => {
    const admin = BigtableConnection.connect({ ...connection, emulatorHost: emulatorHost() });
    try {
      await deleteTable(admin, table);
    } finally {
      await admin.close();
    }
  });

  it('PUT then GET goes controller → service → repository → Bigtable and back', async () => {
    const { app, url } = await listening(table, true);
    try {
      const put = await fetch(`${url}/tickets/t-1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'printer on fire', priority: 1 }),
      });
      expect(put.status).toBe(200);
      expect(await put.json()).toEqual({ ticketId: 't-1', title: 'printer on fire', priority: 1 });

      const got = await fetch(`${url}/tickets/t-1`);
      expect(got.status).toBe(200);
      expect(await got.json()).toEqual({ ticketId: 't-1', title: 'printer on fire', priority: 1 });
      // What the HTTP call wrote is in the table, read through a repository outside the application too.
      const admin = BigtableConnection.connect({ ...connection, emulatorHost: emulatorHost() });
      try {
        const stored = await new Mapper(admin, { tableIds: { http_tickets: table } })
          .repository(Ticket)
          .get({ ticketId: 't-1' });
        expect(stored).toMatchObject({ title: 'printer on fire', priority: 1 });
      } finally {
        await admin.close();
      }

      expect((await fetch(`${url}/tickets/absent`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('the health check is up on a live table', async () => {
    const { app, url } = await listening(table, true);
    try {
      const response = await fetch(`${url}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        status: 'ok',
        info: { bigtable: { status: 'up' } },
      });
    } finally {
      await app.close();
    }
  });

  it('the health check is down (503) when the table cannot be read, and says why', async () => {
    const { app, url } = await listening(`${table}_missing`, false);
    try {
      const response = await fetch(`${url}/health`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as {
        status: string;
        error: { bigtable: { status: string; message: string; code: string } };
      };
      expect(body.status).toBe('error');
      expect(body.error.bigtable).toMatchObject({ status: 'down', code: 'TRANSPORT' });
      expect(body.error.bigtable.message).toMatch(/not found|NOT_FOUND/i);
    } finally {
      await app.close();
    }
  });
});
