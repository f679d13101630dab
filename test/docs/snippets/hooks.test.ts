import { expect, it } from 'vitest';
import { CallVetoedError } from 'bigtable-mapper';
import type { CallInterceptor } from 'bigtable-mapper';
import { AfterLoad, BeforeSave, Column, Entity, Family, KeyPart } from 'bigtable-mapper/decorators';
import { useMapper } from 'bigtable-mapper/testing/vitest';

@Entity({ table: 'orders' }) // <tenant>#<orderId>
@Family('d')
class Order {
  declare static readonly keyParts: readonly ['tenant', 'orderId'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') orderId!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) cents = 0;
  @Column({ family: 'd', codec: 'date', optional: true }) updatedAt?: Date;
  total = ''; // derived on load, never stored

  @BeforeSave() touch(): void {
    this.updatedAt = new Date();
  }

  @AfterLoad() format(): void {
    this.total = (this.cents / 100).toFixed(2);
  }
}

/** Every row key and every key range a call touches must lie under `<tenant>#`. */
function tenantOnly(tenant: string): CallInterceptor {
  const prefix = Buffer.from(`${tenant}#`);
  const end = Buffer.from(`${tenant}$`); // the first key after every `<tenant>#…` key ('$' follows '#')
  const inside = (key: Uint8Array): boolean => Buffer.from(key).subarray(0, prefix.length).equals(prefix);
  return (call) => {
    const ranges = call.ranges.every(
      (r) => inside(r.start) && r.end.length > 0 && Buffer.compare(Buffer.from(r.end), end) <= 0,
    );
    if (!call.keys.every(inside) || !ranges) throw new Error(`${call.operation} outside tenant ${tenant}`);
  };
}

const audit: string[] = [];
const auditWrites: CallInterceptor = (call) => {
  if (call.kind === 'write') audit.push(`${call.operation}: ${call.keys.length} row(s)`);
};

// The mapper option; `Mapper.connect(connection, { interceptors })` takes the same.
const mapper = useMapper([Order], { interceptors: [tenantOnly('acme'), auditWrites] });

it('stamps on save, derives on load, and keeps every call inside tenant acme', async () => {
  const orders = mapper().repository(Order);
  await orders.save(Object.assign(new Order(), { tenant: 'acme', orderId: 'o1', cents: 1250 }));

  const order = await orders.get({ tenant: 'acme', orderId: 'o1' });
  expect(order?.total).toBe('12.50');
  expect(order?.updatedAt).toBeInstanceOf(Date);
  expect(await orders.find({ tenant: 'acme' }).count()).toBe(1);

  // Vetoed before anything is sent.
  await expect(orders.get({ tenant: 'globex', orderId: 'o1' })).rejects.toBeInstanceOf(CallVetoedError);
  await expect(orders.scan().toArray()).rejects.toThrow('scan outside tenant acme');
  expect(audit).toEqual(['save: 1 row(s)']);
});
