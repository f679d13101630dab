// Seed design "multi-tenancy": one table, the tenant id as the first key segment, and dropping a customer as one
// DropRowRange on the exact prefix — `acme` never touches `acme2`.
import assert from 'node:assert/strict';
import { Column, Entity, Family, KeyPart, QualifierMap } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'purchases' })
@Family('p')
@Family('items')
export class Purchase {
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') purchaseId!: string;
  @Column({ family: 'p', codec: 'string' }) customer!: string;
  @Column({ family: 'p', codec: 'date' }) at!: Date;
  @QualifierMap({ family: 'items', key: 'string', value: 'int64AsNumber' }) items!: Map<string, number>;
}

export const multiTenant: Example = {
  id: 'tenants',
  seed: 'Schema design best practices — Multitenancy',
  name: 'multi-tenant purchase history, dropping one tenant by prefix',
  entities: [Purchase],
  async run(mapper) {
    const purchases = mapper.repository(Purchase);
    const tenants = ['acme', 'acme2', 'globex'];
    await purchases.saveMany(
      tenants.flatMap((tenant) =>
        [1, 2, 3].map((n) =>
          Object.assign(new Purchase(), {
            tenant,
            purchaseId: `p${n}`,
            customer: `c${n}`,
            at: new Date(Date.UTC(2026, 0, n)),
            items: new Map([['sku-' + n, n]]),
          }),
        ),
      ),
    );
    await purchases.deleteByPrefix({ tenant: 'acme' });
    const keys = tenants.flatMap((tenant) =>
      ['p1', 'p2', 'p3'].map((purchaseId) => ({ tenant, purchaseId })),
    );
    const left = (await purchases.getMany(keys))
      .filter((p) => p !== undefined)
      .map((p) => `${p.tenant}/${p.purchaseId}`);
    assert.deepEqual(left, ['acme2/p1', 'acme2/p2', 'acme2/p3', 'globex/p1', 'globex/p2', 'globex/p3']);
    return [
      'saved 3 purchases for each of acme, acme2, globex',
      `dropped tenant acme; left: ${left.join(', ')}`,
    ];
  },
};
