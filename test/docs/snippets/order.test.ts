import { expect, it } from 'vitest';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { Order } from './order.js';

const mapper = useMapper([Order]); // a fresh `orders` table on the run's emulator, deleted after this file

it('saves an order and finds it by customer', async () => {
  const orders = mapper().repository(Order);
  await orders.save(
    Object.assign(new Order(), { customer: 'acme', orderId: 'o-1', status: 'new', items: new Map([['sku-9', 2]]) }),
  );
  const found = await orders.find({ customer: 'acme' }).toArray();
  expect(found.map((o) => [o.orderId, o.status, Object.fromEntries(o.items)])).toEqual([['o-1', 'new', { 'sku-9': 2 }]]);
});
