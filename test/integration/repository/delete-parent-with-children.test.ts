import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { printableKey } from '../../../src/errors/printable-key.js';
import type { EntityClass } from '../../../src/metadata/entity-metadata.js';
import type { Mapper } from '../../../src/repository/mapper.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';
import { readRows } from '../../../src/transport/read-rows.js';

// Issue 23 A5: deleteByPrefix(parentFullKey, { alsoDelete: [Child] }) resolved having deleted the parent row only.

function chatModel(encoding: 'delimited' | 'orderedCode', table: string) {
  @Entity({ table, prefix: 'conv', encoding })
  @Family('d')
  class Conversation {
    @KeyPart(0, 'string') conversationId!: string;
    @Column({ family: 'd', codec: 'string' }) title!: string;
  }
  // conv#<id>#m#<messageId>: the messages of a conversation right after it.
  @Entity({ table, parent: Conversation, literal: 'm' })
  @Family('d')
  class Message {
    conversationId!: string;
    @KeyPart(0, 'string') messageId!: string;
    @Column({ family: 'd', codec: 'string' }) text!: string;
  }
  // conv#<id>#r#<userId>: a second kind of child, never named below.
  @Entity({ table, parent: Conversation, literal: 'r' })
  @Family('d')
  class Reader {
    conversationId!: string;
    @KeyPart(0, 'string') userId!: string;
    @Column({ family: 'd', codec: 'string' }) seen!: string;
  }
  return { Conversation, Message, Reader };
}

const delimited = chatModel('delimited', 'dpc_chat');
const ordered = chatModel('orderedCode', 'dpc_chat_oc');

// A grandchild: attachments under each message (conv#<id>#m#<messageId>#a#<n>).
@Entity({ table: 'dpc_chat', parent: delimited.Message, literal: 'a' })
@Family('d')
class Attachment {
  conversationId!: string;
  messageId!: string;
  @KeyPart(0, 'string') name!: string;
  @Column({ family: 'd', codec: 'string' }) url!: string;
}

@Entity({ table: 'dpc_other' })
@Family('d')
class Unrelated {
  @KeyPart(0, 'string') conversationId!: string;
  @Column({ family: 'd', codec: 'string' }) x!: string;
}

async function tableKeys(m: Mapper, tableId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const row of readRows(m.connection, tableId, {})) keys.push(printableKey(row.key));
  return keys;
}

describe('deleteByPrefix of a parent key with alsoDelete: [Child]', () => {
  const mapper = useMapper([
    delimited.Conversation,
    delimited.Message,
    delimited.Reader,
    Attachment,
    ordered.Conversation,
    ordered.Message,
    ordered.Reader,
    Unrelated,
  ]);

  for (const [name, model, grandchildren] of [
    ['delimited', delimited, [Attachment as EntityClass]],
    ['ordered code', ordered, []],
  ] as const) {
    it(`${name}: deletes the conversation and its messages in one call, nothing else`, async () => {
      const { Conversation, Message, Reader } = model;
      const conversations = mapper().repository(Conversation);
      const messages = mapper().repository(Message);
      const readers = mapper().repository(Reader);
      for (const conversationId of ['c1', 'c10', 'c2']) {
        await conversations.save(
          Object.assign(new Conversation(), { conversationId, title: conversationId }),
        );
        await messages.saveMany(
          ['m1', 'm2', 'm3'].map((messageId) =>
            Object.assign(new Message(), {
              conversationId,
              messageId,
              text: `${conversationId}/${messageId}`,
            }),
          ),
        );
        await readers.save(Object.assign(new Reader(), { conversationId, userId: 'u1', seen: 'm3' }));
      }

      await conversations.deleteByPrefix(
        { conversationId: 'c1' },
        {
          alsoDelete: [Message as EntityClass, ...grandchildren],
        },
      );

      expect(await conversations.get({ conversationId: 'c1' })).toBeUndefined();
      expect(await messages.find({ conversationId: 'c1' }).count()).toBe(0);
      // Not named: the other child kind stays (the call deletes exactly what it names).
      expect(await readers.find({ conversationId: 'c1' }).count()).toBe(1);
      // A conversation whose id extends c1 is another conversation: untouched.
      for (const other of ['c10', 'c2']) {
        expect(await conversations.get({ conversationId: other })).toBeDefined();
        expect(await messages.find({ conversationId: other }).count()).toBe(3);
      }
    });
  }

  it('a grandchild under the named children must be named too (refused, nothing deleted)', async () => {
    const { Conversation, Message } = delimited;
    const conversations = mapper().repository(Conversation);
    await conversations.save(Object.assign(new Conversation(), { conversationId: 'g1', title: 'g' }));
    await mapper()
      .repository(Message)
      .save(Object.assign(new Message(), { conversationId: 'g1', messageId: 'm1', text: 't' }));
    await mapper()
      .repository(Attachment)
      .save(Object.assign(new Attachment(), { conversationId: 'g1', messageId: 'm1', name: 'a', url: 'u' }));
    const before = await tableKeys(mapper(), conversations.tableId);

    const error = await conversations
      .deleteByPrefix({ conversationId: 'g1' }, { alsoDelete: [Message as EntityClass] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as Error).message).toContain('Attachment');
    expect(await tableKeys(mapper(), conversations.tableId)).toEqual(before);

    await conversations.deleteByPrefix(
      { conversationId: 'g1' },
      { alsoDelete: [Message as EntityClass, Attachment as EntityClass] },
    );
    expect((await tableKeys(mapper(), conversations.tableId)).filter((k) => k.startsWith('conv#g1'))).toEqual(
      [],
    );
  });

  it('an alsoDelete entity whose rows cannot lie under the key is refused, nothing deleted', async () => {
    const { Conversation } = delimited;
    const conversations = mapper().repository(Conversation);
    await conversations.save(Object.assign(new Conversation(), { conversationId: 'u1', title: 'u' }));
    const error = await conversations
      .deleteByPrefix({ conversationId: 'u1' }, { alsoDelete: [Unrelated as EntityClass] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect((error as Error).message).toContain('no row of Unrelated lies under this key');
    expect(await conversations.get({ conversationId: 'u1' })).toBeDefined();
  });
});
