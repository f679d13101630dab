// Seed "Bigtable for DynamoDB users", adjacency-list design pattern. In DynamoDB an invoice and its payments are
// items of one partition (sort keys `Invoice-0123`, `Payment-0680`, …). Their sort keys are payment ids, not times,
// so the seed translates them into wide columns: one row per invoice, the invoice's details in the family `Invoice`,
// and one column per payment in the family `Payment`, qualified by the payment id. The cell timestamps carry the
// creation times the DynamoDB table kept in a `DateCreated` attribute. An invoice with all its payments is one row:
// read in one request, changed atomically, deleted in one mutation.
import assert from 'node:assert/strict';
import { Codecs } from 'bigtable-mapper';
import type { KeyPartsOf, Repository } from 'bigtable-mapper';
import { Column, Entity, Family, Gc, KeyPart, QualifierMap } from 'bigtable-mapper/decorators';
import type { Example, ExampleContext } from './example.js';
import { INVOICE_SEED } from './invoice-seed.js';
import type { InvoiceDetails, PaymentDetails } from './invoice-seed.js';

@Entity({ table: 'invoices' })
@Family('Invoice', { gc: Gc.maxVersions(1) })
@Family('Payment', { gc: Gc.maxVersions(1) })
export class Invoice {
  declare static readonly keyParts: readonly ['invoiceId'];
  @KeyPart(0, 'string') invoiceId!: string;
  @Column({ family: 'Invoice', qualifier: 'Details', codec: Codecs.json<InvoiceDetails>() })
  details!: InvoiceDetails;
  /** Payment id → payment: one column per payment. */
  @QualifierMap({ family: 'Payment', key: 'string', value: Codecs.json<PaymentDetails>() })
  payments!: Map<string, PaymentDetails>;
}

/** Stores an invoice, then its payments, each stamped with its seed time. */
async function store(
  repo: Repository<Invoice, KeyPartsOf<typeof Invoice>>,
  invoice: (typeof INVOICE_SEED)[number],
  setClock: ExampleContext['setClock'],
): Promise<void> {
  setClock(new Date(invoice.at));
  await repo.save(
    Object.assign(new Invoice(), {
      invoiceId: invoice.invoiceId,
      details: invoice.details,
      payments: new Map(),
    }),
  );
  for (const [paymentId, at, payment] of invoice.payments) {
    setClock(new Date(at));
    await repo.put({ invoiceId: invoice.invoiceId }, 'payments', [[paymentId, payment]]); // one cell, no read
  }
  setClock(undefined);
}

export const invoices: Example = {
  id: 'invoices',
  name: 'invoices with their payments as columns (adjacency list → one row per invoice)',
  seed: 'Bigtable for DynamoDB users — Adjacency list design pattern',
  entities: [Invoice],
  async run(mapper, { setClock }) {
    const repo = mapper.repository(Invoice);
    for (const invoice of INVOICE_SEED) await store(repo, invoice, setClock);

    const invoice = await repo.getOrThrow({ invoiceId: '0123' }); // the invoice and every payment: one row read
    assert.deepEqual(invoice.details, INVOICE_SEED[0].details);
    assert.deepEqual([...invoice.payments.keys()], ['0680', '0789']);
    const paid = [...invoice.payments.values()].reduce((sum, p) => sum + p.amount_usd, 0);
    assert.equal(paid, 240);

    // Only the payments from id 0300 on, filtered by qualifier on the server.
    const late = await repo.find({ invoiceId: '0124' }).entries('payments', { from: '0300' }).first();
    assert.deepEqual([...(late?.payments.keys() ?? [])], ['0327']);

    // Deleting an invoice deletes its payments with it: one row, one atomic mutation.
    await repo.delete({ invoiceId: '0124' });
    assert.equal(await repo.get({ invoiceId: '0124' }), undefined);
    await store(repo, INVOICE_SEED[1], setClock); // back, for the printout
    return [
      `invoice 0123: ${JSON.stringify(invoice.details)}`,
      `  payments ${[...invoice.payments.keys()].join(', ')}, total paid ${paid} USD (one row read)`,
      `invoice 0124, entries('payments', { from: '0300' }): ${[...(late?.payments.keys() ?? [])].join(', ')}`,
      'delete(0124) removed the invoice and its payments in one mutation',
    ];
  },
};
