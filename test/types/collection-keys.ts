// Type tests of collections, compiled by `tsc --noEmit` and never run (see typed-keys.ts for the convention).
import { Column, Entity, Family, KeyPart } from '../../decorators/index.js';
import type { Mapper } from '../../src/repository/mapper.js';

@Entity({ table: 'shop', prefix: 'o' })
@Family('d')
class Order {
  declare static readonly keyParts: readonly ['tenant', 'orderId'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') orderId!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
}

@Entity({ table: 'shop', prefix: 'l' })
@Family('d')
class Line {
  declare static readonly keyParts: readonly ['tenant', 'orderId', 'lineNo'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') orderId!: string;
  @KeyPart(2, 'int64') lineNo!: bigint;
  @Column({ family: 'd', codec: 'int64AsNumber' }) qty!: number;
}

@Entity({ table: 'shop', prefix: 'c' })
@Family('d')
class Customer {
  declare static readonly keyParts: readonly ['tenant', 'customerId'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') customerId!: string;
}

/** Without a declaration: keys are checked at run time only. */
@Entity({ table: 'shop', prefix: 'x' })
@Family('d')
class Loose {
  @KeyPart(0, 'string') tenant!: string;
}

export async function collectionKeys(mapper: Mapper): Promise<void> {
  const order = mapper.collection({ order: Order, lines: Line });
  // The shared key is a leading run of the parts every member starts with: tenant, then orderId.
  order.key({ tenant: 'acme' });
  order.key({ tenant: 'acme', orderId: 'o1' });
  // @ts-expect-error a later part without the ones before it
  order.key({ orderId: 'o1' });
  // @ts-expect-error not a shared part (only Line has lineNo)
  order.key({ tenant: 'acme', orderId: 'o1', lineNo: 1n });
  // @ts-expect-error the value type comes from the members' property
  order.key({ tenant: 1 });
  // @ts-expect-error at least the first shared part
  order.key({});

  // Only tenant is shared with Customer.
  const tenant = mapper.collection({ order: Order, customer: Customer });
  tenant.key({ tenant: 'acme' });
  // @ts-expect-error orderId is not a key part of Customer
  tenant.key({ tenant: 'acme', orderId: 'o1' });

  // Per-type calls name a member and its properties; results are grouped and typed per member.
  const q = order.key({ tenant: 'acme', orderId: 'o1' }).where('lines', 'qty', '>', 1).limit('lines', 10);
  // @ts-expect-error qty is a Line property, not an Order one
  order.key({ tenant: 'acme' }).where('order', 'qty', '>', 1);
  // @ts-expect-error no such member
  order.key({ tenant: 'acme' }).limit('items', 3);
  const { order: orders, lines } = await q.fetch();
  const statuses: string[] = orders.map((o) => o.status);
  const quantities: number[] = lines.map((l) => l.qty);
  const partial = await order.key({ tenant: 'acme' }).select('lines', 'qty').fetch();
  const qty: number = partial.lines[0]!.qty;
  for await (const item of q) {
    if (item.type === 'lines') {
      const n: bigint = item.entity.lineNo;
      void n;
    }
  }
  const counts: { order: number; lines: number } = await q.count();

  // An undeclared member: any key values, checked at run time.
  mapper.collection({ order: Order, loose: Loose }).key({ tenant: 'acme', anything: 1 });
  void [statuses, quantities, qty, counts];
}
