import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { QueryError } from '../../../src/errors/query-error.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';

@Entity({ table: 'q_billing', prefix: 'inv' })
@Family('d')
class Invoice {
  @KeyPart(0, 'string') invoiceId!: string;
  @Column({ family: 'd', codec: 'string' }) customer!: string;
}

@Entity({ table: 'q_billing', prefix: 'pay' })
@Family('d')
@Family('p')
class Payment {
  @KeyPart(0, 'string') invoiceId!: string;
  @KeyPart(1, 'string') paymentId!: string;
  @Column({ family: 'p', codec: 'int64AsNumber' }) amount!: number;
}

describe('polymorphic reads of a single-table design', () => {
  const mapper = useMapper([Invoice, Payment]);

  it('one read returns the invoice and its payments, each as its own class, in key order', async () => {
    const invoices = mapper().repository(Invoice);
    const payments = mapper().repository(Payment);
    await invoices.saveMany([
      Object.assign(new Invoice(), { invoiceId: 'i1', customer: 'acme' }),
      Object.assign(new Invoice(), { invoiceId: 'i10', customer: 'other' }),
    ]);
    await payments.saveMany([
      Object.assign(new Payment(), { invoiceId: 'i1', paymentId: 'p2', amount: 20 }),
      Object.assign(new Payment(), { invoiceId: 'i1', paymentId: 'p1', amount: 10 }),
      Object.assign(new Payment(), { invoiceId: 'i10', paymentId: 'p1', amount: 99 }),
    ]);
    const rows = await mapper().query([Invoice, Payment], { invoiceId: 'i1' });
    expect(rows.map((r) => r.constructor.name)).toEqual(['Invoice', 'Payment', 'Payment']);
    expect(rows[0]).toEqual(Object.assign(new Invoice(), { invoiceId: 'i1', customer: 'acme' }));
    expect(rows.slice(1).map((r) => (r as Payment).amount)).toEqual([10, 20]);
    await expect(mapper().query([Invoice, Payment], {})).rejects.toBeInstanceOf(QueryError);
    // Each class takes the leading run of its own key parts: the invoice by its key, one payment by its whole key.
    const one = await mapper().query([Payment, Invoice], { invoiceId: 'i1', paymentId: 'p2' });
    expect(one.map((r) => `${r.constructor.name} ${JSON.stringify(r)}`)).toEqual([
      'Invoice {"invoiceId":"i1","customer":"acme"}',
      'Payment {"invoiceId":"i1","paymentId":"p2","amount":20}',
    ]);
  });
});
