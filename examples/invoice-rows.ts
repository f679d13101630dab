// Seed "Bigtable for DynamoDB users", adjacency-list design pattern, the design the seed translates away from, kept
// for contrast with examples/invoices.ts: the invoice and each payment as rows of their own, adjacent because a
// payment's key extends its invoice's (`0123`, `0123#payment#0680`). A collection reads an invoice with its payments
// in one ReadRows, each row routed to its type by its key. What the one-row design gives for free costs more here:
// an invoice and its payments are no longer changed or deleted in one atomic mutation.
import assert from 'node:assert/strict';
import { Codecs } from 'bigtable-mapper';
import { Column, Entity, Family, Gc, KeyPart } from 'bigtable-mapper/decorators';
import type { Example } from './example.js';
import { INVOICE_SEED } from './invoice-seed.js';
import type { InvoiceDetails, PaymentDetails } from './invoice-seed.js';

@Entity({ table: 'invoice_rows' })
@Family('Invoice', { gc: Gc.maxVersions(1) })
export class InvoiceHeader {
  declare static readonly keyParts: readonly ['invoiceId'];
  @KeyPart(0, 'string') invoiceId!: string;
  @Column({ family: 'Invoice', qualifier: 'Details', codec: Codecs.json<InvoiceDetails>() })
  details!: InvoiceDetails;
}

/** Key: the invoice's key, `payment`, the payment id. */
@Entity({ table: 'invoice_rows', parent: InvoiceHeader, literal: 'payment' })
@Family('Payment', { gc: Gc.maxVersions(1) })
export class InvoicePayment {
  declare static readonly keyParts: readonly ['invoiceId', 'paymentId'];
  invoiceId!: string; // the parent's key part
  @KeyPart(0, 'string') paymentId!: string;
  @Column({ family: 'Payment', qualifier: 'Details', codec: Codecs.json<PaymentDetails>() })
  details!: PaymentDetails;
}

export const invoiceRows: Example = {
  id: 'invoicerows',
  name: 'invoices and payments as adjacent rows, read as a collection (0123, 0123#payment#0680)',
  seed: 'Bigtable for DynamoDB users — Adjacency list design pattern (the DynamoDB layout, for contrast)',
  entities: [InvoiceHeader, InvoicePayment],
  async run(mapper, { setClock }) {
    const headers = mapper.repository(InvoiceHeader);
    const payments = mapper.repository(InvoicePayment);
    for (const invoice of INVOICE_SEED) {
      setClock(new Date(invoice.at));
      await headers.save(
        Object.assign(new InvoiceHeader(), { invoiceId: invoice.invoiceId, details: invoice.details }),
      );
      for (const [paymentId, at, details] of invoice.payments) {
        setClock(new Date(at));
        await payments.save(
          Object.assign(new InvoicePayment(), { invoiceId: invoice.invoiceId, paymentId, details }),
        );
      }
    }
    setClock(undefined);
    assert.equal(
      Buffer.from(payments.keyOf({ invoiceId: '0123', paymentId: '0680' })).toString(),
      '0123#payment#0680',
    );

    const query = mapper
      .collection({ invoice: InvoiceHeader, payments: InvoicePayment })
      .key({ invoiceId: '0123' });
    const { invoice, payments: paid } = await query.fetch(); // one ReadRows, rows routed by their keys
    assert.equal(invoice.length, 1);
    assert.deepEqual(invoice[0]!.details, INVOICE_SEED[0].details);
    assert.deepEqual(
      paid.map((p) => p.paymentId),
      ['0680', '0789'],
    );
    assert.ok(paid.every((p) => p instanceof InvoicePayment));
    const total = paid.reduce((sum, p) => sum + p.details.amount_usd, 0);
    assert.equal(total, 240);
    const counts = await mapper
      .collection({ invoice: InvoiceHeader, payments: InvoicePayment })
      .key({ invoiceId: '0124' })
      .count();
    assert.deepEqual(counts, { invoice: 1, payments: 2 });
    return [
      `collection({ invoice, payments }).key({ invoiceId: '0123' }): 1 invoice, payments ${paid.map((p) => p.paymentId).join(', ')}, total ${total} USD`,
      ...query
        .explain()
        .split('\n')
        .map((l) => `  ${l}`),
      `invoice 0124 count(): ${JSON.stringify(counts)}`,
    ];
  },
};
