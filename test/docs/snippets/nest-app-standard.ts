import { Module } from '@nestjs/common';
import type { Provider } from '@nestjs/common';
import type { Mapper, Repository } from 'bigtable-mapper';
import { BigtableMapperModule, getMapperToken, getRepositoryToken } from 'bigtable-mapper/nestjs';
import { Order } from './order.js';

// No parameter decorators: the service is a plain class, and a factory provider hands it the repository and the
// mapper by their tokens.
export class OrderService {
  constructor(
    private readonly orders: Repository<Order>,
    private readonly mapper: Mapper, // the mapper itself, e.g. for queries over several entities
  ) {}

  async place(customer: string, orderId: string): Promise<Order | undefined> {
    await this.orders.save(Object.assign(new Order(), { customer, orderId, status: 'new', items: new Map() }));
    return this.orders.get({ customer, orderId });
  }
}

export const orderServiceProvider: Provider = {
  provide: OrderService,
  inject: [getRepositoryToken(Order), getMapperToken()],
  useFactory: (orders: Repository<Order>, mapper: Mapper) => new OrderService(orders, mapper),
};

@Module({
  imports: [
    BigtableMapperModule.forRoot({
      connection: { projectId: 'my-project', instanceId: 'my-instance' },
      ensureSchema: [Order],
    }),
    BigtableMapperModule.forFeature([Order]),
  ],
  providers: [orderServiceProvider],
})
export class AppModule {}
