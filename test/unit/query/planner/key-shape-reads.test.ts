import { describe, expect, it } from 'vitest';
import { defineEntity } from '../../../../src/metadata/define-entity.js';
import type { EntityClass, EntityMetadata } from '../../../../src/metadata/entity-metadata.js';
import { getEntityMetadata } from '../../../../src/metadata/entity-registry.js';
import { Query } from '../../../../src/query/builder/query.js';
import { chatModel } from '../../../support/chat-model.js';

type Loose = Record<string, unknown>;
const named = (name: string) => ({ [name]: class {} })[name] as unknown as EntityClass<Loose>;
const props = { families: { d: {} }, properties: { v: { family: 'd', codec: 'string' } } } as const;
const clock = { now: () => 0 };

// Three entities under `x#`: a 3-digit order, a 5-digit order (same shape: one field after the literal) and the
// 3-digit order's lines under it. Only the lines can be filtered by the order's key shape.
const table = 'ksr_orders';
const Order = named('Order');
const WideOrder = named('WideOrder');
const Line = named('Line');
defineEntity(Order, { table, ...props, key: [{ literal: 'x' }, { property: 'n', type: 'int64', width: 3 }] });
defineEntity(WideOrder, {
  table,
  ...props,
  key: [{ literal: 'x' }, { property: 'n', type: 'int64', width: 5 }],
});
defineEntity(Line, { table, ...props, parent: Order, literal: 'l', key: [{ property: 'line' }] });

describe('which other rows a read filters by key shape', () => {
  it('filters the children on the server and leaves a same-shape sibling to the client, saying which', () => {
    const query = Query.over(getEntityMetadata(Order), clock).allowScan();
    const { request, notes } = query.compile();
    expect(request?.filter).toEqual({
      chain: [{ rowKeyRegex: new TextEncoder().encode('x\\#[^\\x00-\\x23]*') }, { cellsPerColumnLimit: 1 }],
    });
    expect(notes).toContain(
      "rows of Line can lie in these ranges (hierarchical keys): the server still scans them (the row ranges above) but returns only rows with Order's key shape (rowKeyRegex), so they are not sent",
    );
    expect(
      notes.some((n) =>
        n.startsWith(
          "rows of WideOrder can lie in these ranges (hierarchical keys, with Order's key shape): each row's type is decided from its key on the client",
        ),
      ),
    ).toBe(true);
  });

  it('filters by the reader’s own shape: a 5-digit order read drops the lines, not the 3-digit orders', () => {
    const { request, notes } = Query.over(getEntityMetadata(WideOrder), clock).allowScan().compile();
    expect(request?.filter?.chain?.[0]).toEqual({
      rowKeyRegex: new TextEncoder().encode('x\\#[^\\x00-\\x23]*'),
    });
    expect(
      notes.some((n) => n.startsWith('rows of Line can lie in these ranges (hierarchical keys): the server')),
    ).toBe(true);
    expect(
      notes.some((n) =>
        n.startsWith("rows of Order can lie in these ranges (hierarchical keys, with WideOrder's"),
      ),
    ).toBe(true);
  });

  it('chains the key filter before row conditions and in count mode', () => {
    const { conversation } = chatModel('ksr_chat');
    const query = Query.over(conversation as EntityMetadata<{ tenant: string; v: string }>, clock).where(
      'tenant',
      '=',
      'acme',
    );
    const regex = { rowKeyRegex: new TextEncoder().encode('[^\\x00-\\x23]*\\#conv\\#[^\\x00-\\x23]*') };
    const conditioned = query.where('v', '=', 'a').compile().request?.filter;
    expect(conditioned?.chain?.[0]).toEqual(regex);
    expect(conditioned?.chain?.[1]?.condition).toBeDefined();
    const counted = query.compile('count').request?.filter;
    expect(counted?.chain?.[0]).toEqual(regex);
    expect(counted?.chain?.slice(-2)).toEqual([{ cellsPerRowLimit: 1 }, { stripValue: true }]);
  });
});
