import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import type { Versioned } from '../../../src/metadata/entity-metadata.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';

// Both entities use family `d`: Invoice reads only the newest cell of each column there, Payment keeps the history
// of `notes`. A filter applies to every row of a request, so a shared family read by the first class's rule
// silently dropped Payment's older versions when Invoice came first (issue 13).
@Entity({ table: 'q_order_billing', prefix: 'inv' })
@Family('d')
class Invoice {
  declare static readonly keyParts: readonly ['invoiceId'];
  @KeyPart(0, 'string') invoiceId!: string;
  @Column({ family: 'd', codec: 'string' }) customer!: string;
}

@Entity({ table: 'q_order_billing', prefix: 'pay' })
@Family('d')
class Payment {
  declare static readonly keyParts: readonly ['invoiceId', 'paymentId'];
  @KeyPart(0, 'string') invoiceId!: string;
  @KeyPart(1, 'string') paymentId!: string;
  @Column({ family: 'd', codec: 'int64AsNumber' }) amount!: number;
  @Column({ family: 'd', codec: 'string', versioned: true }) notes!: Versioned<string>[];
}

const at = (minute: number): Date => new Date(Date.UTC(2024, 0, 1, 0, minute));

describe('multi-type reads do not depend on the order of the classes', () => {
  const mapper = useMapper([Invoice, Payment]);

  it('query([Invoice, Payment]) and query([Payment, Invoice]) return the same cells', async () => {
    await mapper()
      .repository(Invoice)
      .save(Object.assign(new Invoice(), { invoiceId: 'i1', customer: 'acme' }));
    await mapper()
      .repository(Payment)
      .save(
        Object.assign(new Payment(), {
          invoiceId: 'i1',
          paymentId: 'p1',
          amount: 10,
          notes: [
            { timestamp: at(3), value: 'settled' },
            { timestamp: at(2), value: 'disputed' },
            { timestamp: at(1), value: 'sent' },
          ],
        }),
      );
    const first = await mapper().query([Invoice, Payment], { invoiceId: 'i1' });
    const second = await mapper().query([Payment, Invoice], { invoiceId: 'i1' });
    const notes = (rows: object[]) =>
      rows.filter((r): r is Payment => r instanceof Payment).map((p) => p.notes.map((n) => n.value));
    expect(notes(first)).toEqual([['settled', 'disputed', 'sent']]);
    expect(notes(second)).toEqual([['settled', 'disputed', 'sent']]);
    expect(first).toEqual(second);
    expect(first[0]).toEqual(Object.assign(new Invoice(), { invoiceId: 'i1', customer: 'acme' }));
  });

  it('collections compile to the same requests whatever the member order', () => {
    const a = mapper().collection({ invoice: Invoice, payments: Payment }).key({ invoiceId: 'i1' }).compile();
    const b = mapper().collection({ payments: Payment, invoice: Invoice }).key({ invoiceId: 'i1' }).compile();
    expect(a.requests).toEqual(b.requests);
    // Family d is read differently by the two types: one request per type, each only over its own rows.
    expect(a.requests.map((r) => r.members)).toEqual([['invoice'], ['payments']]);
  });
});
