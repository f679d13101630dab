// Entities of the schema plan tests (golden and unit): a telemetry table, and an invoices table shared by two
// entities with different key layouts (so it gets no row-key schema).
import { Aggregate, Column, Entity, Family, Gc, KeyPart } from '../../../decorators/index.js';

@Entity({ table: 'telemetry' })
@Family('stats', { gc: Gc.union(Gc.maxVersions(2), Gc.maxAge({ days: 7 })) })
@Family('tags', { gc: Gc.maxVersions(1) })
@Family('views', { aggregate: 'sum' })
export class Telemetry {
  @KeyPart(0, 'string') deviceType!: string;
  @KeyPart(1, 'string') deviceId!: string;
  @Column({ family: 'stats', codec: 'float64', optional: true }) cpu?: number;
  @Column({ family: 'tags', codec: 'string', optional: true }) label?: string;
  @Aggregate({ family: 'views', qualifier: 'n', as: 'number' }) views: number | undefined;
}

@Entity({ table: 'invoices', prefix: 'inv' })
@Family('d')
export class Invoice {
  @KeyPart(0, 'string') invoiceId!: string;
  @Column({ family: 'd', codec: 'float64' }) total!: number;
}

@Entity({ table: 'invoices', prefix: 'pay' })
@Family('d')
export class Payment {
  @KeyPart(0, 'string') invoiceId!: string;
  @KeyPart(1, 'string') paymentId!: string;
  @Column({ family: 'd', codec: 'float64' }) amount!: number;
}
