import { Injectable, Module } from '@nestjs/common';
import type { Repository } from 'bigtable-mapper';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import { BigtableMapperModule, InjectMapper, InjectRepository } from 'bigtable-mapper/nestjs';
import type { Mapper } from 'bigtable-mapper';

@Entity({ table: 'orders' })
@Family('d', { gc: Gc.maxVersions(1) })
export class Order {
  declare static readonly keyParts: readonly ['orderId'];
  @KeyPart(0, 'string') orderId!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Injectable()
export class OrderService {
  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order, readonly ['orderId']>,
    @InjectMapper() private readonly mapper: Mapper, // the mapper itself, e.g. for queries over several entities
  ) {}

  async place(orderId: string): Promise<Order | undefined> {
    await this.orders.save(Object.assign(new Order(), { orderId, status: 'new' }));
    return this.orders.get({ orderId });
  }
}

@Module({
  imports: [
    BigtableMapperModule.forRoot({
      connection: { projectId: 'my-project', instanceId: 'my-instance' },
      ensureSchema: [Order], // opt-in: create what the tables lack before the application starts
    }),
    BigtableMapperModule.forFeature([Order]),
  ],
  providers: [OrderService],
})
export class AppModule {}
