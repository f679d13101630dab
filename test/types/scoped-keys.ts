// Type tests of tenant-scoped repositories (issue 26, item 2), compiled by `tsc --noEmit` and never run: a key of
// `mapper.scope({ tenant }).repository(…)` may leave the scope's key parts out; the other parts stay required and
// typed. Every `@ts-expect-error` line must fail to compile.
import { Column, Counter, Entity, Family, KeyPart } from '../../decorators/index.js';
import type { ScopedKey } from '../../src/mapping/key-input.js';
import type { Mapper } from '../../src/repository/mapper.js';

@Entity({ table: 'orders' })
@Family('d')
class Order {
  declare static readonly keyParts: readonly ['tenant', 'region', 'orderId'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') region!: string;
  @KeyPart(2, 'int64') orderId!: bigint;
  @Column({ family: 'd', codec: 'string' }) status!: string;
  @Counter({ family: 'd' }) views!: bigint;
}

export async function scopedKeys(mapper: Mapper): Promise<void> {
  const acme = mapper.scope({ tenant: 'acme' }).repository(Order);
  // The tenant may be left out, or given (a different value is refused at run time).
  await acme.get({ region: 'eu', orderId: 1n });
  await acme.get({ tenant: 'acme', region: 'eu', orderId: 1n });
  await acme.getOrThrow({ region: 'eu', orderId: 1n });
  await acme.getMany([{ region: 'eu', orderId: 1n }]);
  acme.lookup([{ region: 'eu', orderId: 1n }]);
  acme.keyOf({ region: 'eu', orderId: 1n });
  await acme.update({ region: 'eu', orderId: 1n }, { status: 'paid' });
  await acme.increment({ region: 'eu', orderId: 1n }, 'views', 1);
  await acme.delete({ region: 'eu', orderId: 1n });
  await acme.deleteMany([{ region: 'eu', orderId: 1n }]);
  // @ts-expect-error the parts after the scope stay required
  await acme.get({ orderId: 1n });
  // @ts-expect-error and typed
  await acme.get({ region: 'eu', orderId: 'one' });
  // @ts-expect-error the tenant, given, is a string
  await acme.get({ tenant: 1, region: 'eu', orderId: 1n });
  // @ts-expect-error an extra property in a key literal
  await acme.delete({ region: 'eu', orderId: 1n, status: 'x' });

  // Key prefixes: the scope's parts may be left out, the rest are leading parts in order.
  acme.find();
  acme.find({ region: 'eu' });
  acme.find({ region: 'eu', orderId: 1n });
  acme.find({ tenant: 'acme', region: 'eu' });
  // @ts-expect-error a gap: the order id without the region
  acme.find({ orderId: 1n });
  // @ts-expect-error a column is a condition: use where()
  acme.find({ region: 'eu', status: 'x' });
  await acme.deleteByPrefix({ region: 'eu' });
  await acme.deleteByPrefix({}, { allowEntireEntity: true });
  // @ts-expect-error an empty prefix needs allowEntireEntity, also in a scope
  await acme.deleteByPrefix({});
  // @ts-expect-error a gap
  await acme.deleteByPrefix({ orderId: 1n });

  // Two leading parts scoped: both may be left out.
  const acmeEu = mapper.scope({ tenant: 'acme', region: 'eu' }).repository(Order);
  await acmeEu.get({ orderId: 1n });
  // @ts-expect-error the order id is still required
  await acmeEu.get({});

  // An unscoped repository still needs every key part.
  // @ts-expect-error the tenant is missing
  await mapper.repository(Order).get({ region: 'eu', orderId: 1n });

  const key: ScopedKey<Order, readonly ['tenant', 'region', 'orderId'], 'tenant'> = {
    region: 'eu',
    orderId: 1n,
  };
  await acme.get(key);
}
