import { expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from 'bigtable-mapper/decorators';
import { useMapper } from 'bigtable-mapper/testing/vitest';

// Single-table design: an invoice and its payments share the table and the leading key value.
@Entity({ table: 'billing', prefix: 'inv' }) // inv#<invoiceId>
@Family('d')
class Invoice {
  @KeyPart(0, 'string') invoiceId!: string;
  @Column({ family: 'd', codec: 'string' }) customer!: string;
}

@Entity({ table: 'billing', prefix: 'pay' }) // pay#<invoiceId>#<paymentId>
@Family('d')
@Family('p')
class Payment {
  @KeyPart(0, 'string') invoiceId!: string;
  @KeyPart(1, 'string') paymentId!: string;
  @Column({ family: 'p', codec: 'int64AsNumber' }) amount!: number;
}

const mapper = useMapper([Invoice, Payment]);

it('reads an invoice and its payments in one ReadRows', async () => {
  await mapper().repository(Invoice).saveMany([
    Object.assign(new Invoice(), { invoiceId: 'i1', customer: 'acme' }),
    Object.assign(new Invoice(), { invoiceId: 'i10', customer: 'other' }),
  ]);
  await mapper().repository(Payment).saveMany([
    Object.assign(new Payment(), { invoiceId: 'i1', paymentId: 'p2', amount: 20 }),
    Object.assign(new Payment(), { invoiceId: 'i1', paymentId: 'p1', amount: 10 }),
    Object.assign(new Payment(), { invoiceId: 'i10', paymentId: 'p1', amount: 99 }),
  ]);

  const rows = await mapper().query([Invoice, Payment], { invoiceId: 'i1' });

  const payments = rows.filter((r): r is Payment => r instanceof Payment);
  expect(payments.reduce((sum, p) => sum + p.amount, 0)).toBe(30);
  expect(rows.map((r) => `${r.constructor.name} ${JSON.stringify(r)}`)).toEqual([
    'Invoice {"invoiceId":"i1","customer":"acme"}',
    'Payment {"invoiceId":"i1","paymentId":"p1","amount":10}',
    'Payment {"invoiceId":"i1","paymentId":"p2","amount":20}',
  ]);
});
