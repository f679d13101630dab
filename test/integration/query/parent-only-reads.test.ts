import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyLiteral, KeyPart } from '../../../decorators/index.js';
import { printableKey } from '../../../src/errors/printable-key.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { tapReadRows } from '../transport/grpc-read-rows-tap.js';

// Issue 26 item 3: a tenant's conversations share their key prefix with their messages and unread counters
// (`acme#conv#<id>`, `acme#conv#<id>#m#<ts>`, `acme#conv#<id>#u#<member>`). Listing conversations must not transfer
// the children: the read carries a row-key regex of the conversation's key shape. Rows are counted on the wire.

function chat(encoding: 'delimited' | 'orderedCode', table: string, literal: string | Uint8Array = 'conv') {
  @Entity({ table, encoding })
  @KeyLiteral(1, literal)
  @Family('d')
  class Conversation {
    @KeyPart(0, 'string') tenant!: string;
    @KeyPart(2, 'bytes') id!: Uint8Array;
    @Column({ family: 'd', codec: 'string' }) title!: string;
  }
  @Entity({ table, parent: Conversation, literal: 'm' })
  @Family('d')
  class Message {
    tenant!: string;
    id!: Uint8Array;
    @KeyPart(0, 'reversedTimestamp') at!: Date;
    @Column({ family: 'd', codec: 'string' }) text!: string;
  }
  @Entity({ table, parent: Conversation, literal: 'u' })
  @Family('d')
  class Unread {
    tenant!: string;
    id!: Uint8Array;
    @KeyPart(0, 'string') member!: string;
    @Column({ family: 'd', codec: 'int64AsNumber' }) count!: number;
  }
  return { Conversation, Message, Unread };
}

const delimited = chat('delimited', 'por_chat');
const ordered = chat('orderedCode', 'por_chat_oc');
// Binary literals put raw bytes ≥ 0x80 (and, in ordered code, an escaped 0x00) into the pattern itself.
const delimitedBinary = chat('delimited', 'por_chat_bin', Uint8Array.of(0xff, 0xc3, 0x28, 0x2e, 0x2a));
const orderedBinary = chat('orderedCode', 'por_chat_oc_bin', Uint8Array.of(0x00, 0xff, 0x0a, 0x2e, 0xe9));

const bytes = (...b: number[]) => Uint8Array.from(b);
// Conversation ids that are regex metacharacters, invalid UTF-8, 0xFF, 0x80; ordered code also takes 0x00 and `\n`
// (a delimited key refuses bytes ≤ '#').
const IDS = {
  delimited: [
    bytes(0x2e, 0x2a), // .*
    bytes(0x5c, 0x5b, 0x28, 0x7c, 0x24), // \[(|$
    bytes(0xff, 0xc3, 0x28, 0x80), // 0xFF, invalid UTF-8, a lone continuation byte
    bytes(0x61),
  ],
  orderedCode: [
    bytes(0x00, 0xff, 0x00), // 00 FF 00: escaped 00 FF FF 00 FF
    bytes(0x0a, 0x2e, 0x2a, 0x0a), // \n.*\n
    bytes(0x00, 0x01, 0x23), // a separator's bytes inside the value
    bytes(0xff, 0xc3, 0x28, 0x80),
    new Uint8Array(0), // the empty id: the key ends after the literal
  ],
};

describe.each([
  ['delimited', delimited, IDS.delimited],
  ['orderedCode', ordered, IDS.orderedCode],
  ['delimited', delimitedBinary, IDS.delimited],
  ['orderedCode', orderedBinary, IDS.orderedCode],
] as const)('parent-only reads (%s keys)', (_name, model, ids) => {
  const { Conversation, Message, Unread } = model;
  const mapper = useMapper([Conversation, Message, Unread]);

  it('puts the conversation key shape into the request (raw bytes ≥ 0x80 in it for a binary literal)', () => {
    const filter = mapper().repository(Conversation).find({ tenant: 'acme' }).compile().request?.filter;
    const regex = filter?.chain?.[0]?.rowKeyRegex;
    expect(regex).toBeDefined();
    expect([...regex!].some((b) => b >= 0x80)).toBe(model === delimitedBinary || model === orderedBinary);
  });

  async function seed() {
    const m = mapper();
    const conversations = m.repository(Conversation);
    const messages = m.repository(Message);
    const unread = m.repository(Unread);
    for (const tenant of ['acme', 'acmf']) {
      await conversations.saveMany(
        ids.map((id, i) => Object.assign(new Conversation(), { tenant, id, title: `${tenant} ${i}` })),
      );
      await messages.saveMany(
        ids.flatMap((id) =>
          [1, 2, 3, 4].map((n) =>
            Object.assign(new Message(), {
              tenant,
              id,
              at: new Date(Date.UTC(2026, 0, 1, 0, n)),
              text: `m${n}`,
            }),
          ),
        ),
      );
      await unread.saveMany(
        ids.flatMap((id) =>
          ['ann', 'bob', _name === 'delimited' ? 'c.*' : 'c.*\n'].map((member) =>
            Object.assign(new Unread(), { tenant, id, member, count: 1 }),
          ),
        ),
      );
    }
    return { conversations, messages, unread };
  }

  it('lists a tenant’s conversations without transferring their messages and counters', async () => {
    const { conversations } = await seed();
    const all: string[] = [];
    for await (const row of readRows(mapper().connection, conversations.tableId, {}))
      all.push(printableKey(row.key));
    expect(all).toHaveLength(2 * ids.length * (1 + 4 + 3));

    const { calls, untap } = await tapReadRows(mapper().connection);
    try {
      const query = conversations.find({ tenant: 'acme' });
      const found = await query.toArray();
      expect(found.map((c) => Buffer.from(c.id).toString('hex')).sort()).toEqual(
        ids.map((id) => Buffer.from(id).toString('hex')).sort(),
      );
      expect(found.every((c) => c.title.startsWith('acme '))).toBe(true);
      expect(calls).toHaveLength(1);
      await calls[0]!.done;
      expect(calls[0]!.rowsPulled).toBe(ids.length); // only the conversation rows came over the wire

      const explain = query.explain();
      expect(explain).toContain('rowKeyRegex');
      expect(explain).toContain(
        'rows of Message, Unread can lie in these ranges (hierarchical keys): the server still scans them',
      );

      // A server row limit now counts conversations only: one request, no top-up round.
      calls.length = 0;
      expect(await conversations.find({ tenant: 'acme' }).limit(2).toArray()).toHaveLength(2);
      expect(calls).toHaveLength(1);
      await calls[0]!.done;
      expect(calls[0]!.rowsPulled).toBe(2);

      calls.length = 0;
      expect(await conversations.find({ tenant: 'acme' }).count()).toBe(ids.length);
      expect(await conversations.find({ tenant: 'acme' }).reverse().limit(1).toArray()).toHaveLength(1);
      expect(await conversations.scan().count()).toBe(2 * ids.length);
      await Promise.all(calls.map((c) => c.done));
      expect(calls.map((c) => c.rowsPulled)).toEqual([ids.length, 1, 2 * ids.length]);

      // Combined with a column condition (a condition filter) and a projection, in one chain.
      calls.length = 0;
      const titled = await conversations
        .find({ tenant: 'acme' })
        .where('title', '=', 'acme 1')
        .select('title')
        .toArray();
      expect(titled.map((c) => c.title)).toEqual(['acme 1']);
      await calls[0]!.done;
      expect(calls[0]!.rowsPulled).toBe(1);
    } finally {
      untap();
    }
  });

  it('leaves reads that cannot meet other entities’ rows unfiltered, and children still read their own rows', async () => {
    const { messages, unread } = await seed();
    const query = messages.find({ tenant: 'acme', id: ids[0]! });
    expect(query.explain()).not.toContain('rowKeyRegex');
    expect(await query.toArray()).toHaveLength(4);
    expect(await unread.find({ tenant: 'acme', id: ids[1]! }).toArray()).toHaveLength(3);
    // A scan of all messages of a tenant passes over conversations and counters: filtered by the message's shape.
    const { calls, untap } = await tapReadRows(mapper().connection);
    try {
      const tenantMessages = messages.find({ tenant: 'acme' });
      expect(tenantMessages.explain()).toContain('rows of Conversation, Unread can lie in these ranges');
      expect(await tenantMessages.toArray()).toHaveLength(4 * ids.length);
      await calls[0]!.done;
      expect(calls[0]!.rowsPulled).toBe(4 * ids.length);
    } finally {
      untap();
    }
  });
});

// A sibling with the reader's shape (a 5-digit order beside 3-digit orders, both `x#<n>`) passes the key filter and
// is dropped on the client; the 3-digit order's lines are filtered on the server.
@Entity({ table: 'por_orders', prefix: 'x' })
@Family('d')
class Order {
  @KeyPart(0, { type: 'int64', width: 3, as: 'number' }) n!: number;
  @Column({ family: 'd', codec: 'string' }) v!: string;
}
@Entity({ table: 'por_orders', prefix: 'x' })
@Family('d')
class WideOrder {
  @KeyPart(0, { type: 'int64', width: 5, as: 'number' }) n!: number;
  @Column({ family: 'd', codec: 'string' }) v!: string;
}
@Entity({ table: 'por_orders', parent: Order, literal: 'l' })
@Family('d')
class Line {
  n!: number;
  @KeyPart(0, 'string') line!: string;
  @Column({ family: 'd', codec: 'string' }) v!: string;
}

describe('parent-only reads next to a same-shape sibling', () => {
  const mapper = useMapper([Order, WideOrder, Line]);

  it('filters the children on the server and the same-shape rows on the client', async () => {
    const m = mapper();
    await m.repository(Order).saveMany([1, 2].map((n) => Object.assign(new Order(), { n, v: `o${n}` })));
    await m
      .repository(WideOrder)
      .saveMany([1, 3].map((n) => Object.assign(new WideOrder(), { n, v: `w${n}` })));
    await m
      .repository(Line)
      .saveMany(['a', 'b', 'c'].map((line) => Object.assign(new Line(), { n: 1, line, v: line })));
    const { calls, untap } = await tapReadRows(m.connection);
    try {
      expect((await m.repository(Order).scan().toArray()).map((o) => o.v)).toEqual(['o1', 'o2']);
      expect((await m.repository(WideOrder).scan().toArray()).map((o) => o.v)).toEqual(['w1', 'w3']);
      await Promise.all(calls.map((c) => c.done));
      // Both reads receive the two orders of each width (same shape) but never the three lines.
      expect(calls.map((c) => c.rowsPulled)).toEqual([4, 4]);
    } finally {
      untap();
    }
  });
});
