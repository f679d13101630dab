import { Column, Entity, Family, Gc, KeyPart, QualifierMap } from 'bigtable-mapper/decorators';

@Entity({ table: 'orders', prefix: 'order' }) // keys: order#<customer>#<orderId>
@Family('d', { gc: Gc.maxVersions(1) })
@Family('items', { gc: Gc.maxVersions(1) })
export class Order {
  @KeyPart(0, 'string') customer!: string;
  @KeyPart(1, 'string') orderId!: string;
  @Column({ family: 'd', codec: 'string' }) status!: string;
  @Column({ family: 'd', codec: 'date', optional: true }) shippedAt?: Date;
  @QualifierMap({ family: 'items', key: 'string', value: 'int64AsNumber' }) items!: Map<string, number>; // sku → quantity
}
