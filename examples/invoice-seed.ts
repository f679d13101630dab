// The invoices and payments of seed "Bigtable for DynamoDB users" (adjacency-list design pattern), with the times
// it stamps their cells with, shared by its two layouts: examples/invoices.ts and examples/invoice-rows.ts.

export interface InvoiceDetails {
  discount: number;
  sales_tax_usd: string;
  due_date: string;
}

export interface PaymentDetails {
  amount_usd: number;
  bill_to: string;
  address: string;
}

/** "…" marks the seed's own truncations. */
export const INVOICE_SEED = [
  {
    invoiceId: '0123',
    at: '2023-09-10T15:21:48Z',
    details: { discount: 0.1, sales_tax_usd: '8', due_date: '2023-10-03..' },
    payments: [
      ['0680', '2023-09-10T15:21:40Z', { amount_usd: 120, bill_to: 'John…', address: '123 Abc St…' }],
      ['0789', '2023-09-10T15:21:31Z', { amount_usd: 120, bill_to: 'Jane…', address: '13 Xyz St...' }],
    ],
  },
  {
    invoiceId: '0124',
    at: '2023-09-09T10:11:28Z',
    details: { discount: 0.2, sales_tax_usd: '11', due_date: '2023-10-03..' },
    payments: [
      ['0275', '2023-09-09T10:11:03Z', { amount_usd: 70, bill_to: 'Kate…', address: '21 Zyx St…' }],
      ['0327', '2023-09-09T10:11:10Z', { amount_usd: 180, bill_to: 'Bob…', address: '321 Cba St…' }],
    ],
  },
] as const;
