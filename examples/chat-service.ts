// The chat service a new user built from the docs (issue 26): tenants, conversations with members, settings and
// per-member unread counts in one row (a counter map), messages as child rows newest first with reactions (an
// aggregate map) and edit history (a versioned column). Every read and write goes through a tenant scope, so
// acme's code cannot reach globex's rows.
import assert from 'node:assert/strict';
import { InvalidArgumentError } from 'bigtable-mapper';
import type { Versioned } from 'bigtable-mapper';
import {
  AggregateMap,
  Column,
  CounterMap,
  Entity,
  Family,
  Gc,
  KeyPart,
  QualifierMap,
  QualifierSet,
} from 'bigtable-mapper/decorators';
import type { Example } from './example.js';

@Entity({ table: 'chat' }) // keys: <tenant>#<conversationId>
@Family('d', { gc: Gc.maxVersions(1) })
@Family('members', { gc: Gc.maxVersions(1) })
@Family('settings', { gc: Gc.maxVersions(1) })
@Family('unread', { gc: Gc.maxVersions(1) })
export class Conversation {
  declare static readonly keyParts: readonly ['tenant', 'conversationId'];
  @KeyPart(0, 'string') tenant!: string;
  @KeyPart(1, 'string') conversationId!: string;
  @Column({ family: 'd', codec: 'string' }) title!: string;
  @QualifierSet({ family: 'members', key: 'string' }) members = new Set<string>();
  @QualifierMap({ family: 'settings', key: 'string', value: 'string' }) settings = new Map<string, string>();
  @CounterMap({ family: 'unread', key: 'string', as: 'number' }) unread = new Map<string, number>();
}

@Entity({ table: 'chat', parent: Conversation, literal: 'm' }) // keys: <tenant>#<conversationId>#m#<reversed time>
@Family('m', { gc: Gc.maxVersions(5) }) // the text keeps its last 5 versions: the edit history
@Family('reactions', { aggregate: 'sum' })
export class Message {
  tenant!: string;
  conversationId!: string;
  @KeyPart(0, 'reversedTimestamp') sentAt!: Date; // newest first under the conversation
  @Column({ family: 'm', codec: 'string' }) author!: string;
  @Column({ family: 'm', qualifier: 'text', codec: 'string', versioned: true }) text!: Versioned<string>[];
  @AggregateMap({ family: 'reactions', key: 'string', as: 'number' }) reactions = new Map<string, number>();
}

const at = (minute: number): Date => new Date(Date.UTC(2026, 0, 5, 9, minute));

export const chatService: Example = {
  id: 'chat',
  name: 'chat service: tenant scopes, unread counts per member, reactions, messages newest first',
  seed: 'Issue 26 — the chat service a new user built (qualifiers as data, counters, aggregates, multitenancy)',
  entities: [Conversation, Message],
  async run(mapper, { setClock }) {
    const acme = mapper.scope({ tenant: 'acme' });
    const conversations = acme.repository(Conversation);
    const messages = acme.repository(Message);
    const key = { tenant: 'acme', conversationId: 'general' };

    setClock(at(0));
    await conversations.save(
      Object.assign(new Conversation(), {
        ...key,
        title: 'General',
        members: new Set(['ann', 'bob', 'cid']),
        settings: new Map([['notify', 'mentions']]),
      }),
    );
    // Each post: the message row, then one ReadModifyWriteRow adding 1 to every other member's unread count.
    const post = async (minute: number, author: string, text: string): Promise<Map<string, number>> => {
      setClock(at(minute));
      await messages.save(
        Object.assign(new Message(), {
          ...key,
          sentAt: at(minute),
          author,
          text: [{ timestamp: at(minute), value: text }],
        }),
      );
      const others = ['ann', 'bob', 'cid'].filter((m) => m !== author).map((m) => [m, 1] as const);
      return conversations.increment(key, 'unread', others);
    };
    await post(1, 'ann', 'hello');
    await post(2, 'bob', 'hi ann');
    const afterThird = await post(3, 'ann', 'lunch?');
    assert.deepEqual(
      afterThird,
      new Map([
        ['bob', 2],
        ['cid', 3],
      ]),
    );

    // Reactions: AddToCell per emoji, merged by the server.
    const lunch = { ...key, sentAt: at(3) };
    await messages.aggregate(lunch, 'reactions', [
      ['👍', 1],
      ['🍕', 1],
    ]);
    await messages.aggregate(lunch, 'reactions', [['👍', 1]]);
    // An edit keeps the old text as an older version of the same cell.
    setClock(at(4));
    await messages.update(lunch, { text: [{ timestamp: at(4), value: 'lunch at 12?' }] });
    // bob has read everything: his counter is set to 0 (increments after this count from 0). Inside the scope a key
    // may leave the tenant out: the scope fills it in.
    await conversations.put({ conversationId: 'general' }, 'unread', new Map([['bob', 0]]));
    setClock(undefined);

    // Listing acme's conversations reads no message row (a row-key filter of the conversation key shape).
    const listed = await conversations.find().toArray();
    assert.deepEqual(
      listed.map((c) => c.conversationId),
      ['general'],
    );
    assert.deepEqual(
      listed[0]!.unread,
      new Map([
        ['ann', 1],
        ['bob', 0],
        ['cid', 3],
      ]),
    );
    // The conversation with its two newest messages, in one ReadRows.
    const page = await acme
      .collection({ conversation: Conversation, messages: Message })
      .key(key)
      .limit('messages', 2)
      .fetch();
    const newest = page.messages.map((m) => m.text[0]!.value);
    assert.deepEqual(newest, ['lunch at 12?', 'hi ann']);
    const edited = page.messages[0]!;
    assert.deepEqual(
      edited.text.map((v) => v.value),
      ['lunch at 12?', 'lunch?'],
    );
    assert.deepEqual(
      edited.reactions,
      new Map([
        ['🍕', 1],
        ['👍', 2],
      ]),
    );

    // globex's data lives in the same table; acme's scope cannot read or write it.
    const globex = mapper.scope({ tenant: 'globex' }).repository(Conversation);
    await globex.save(
      Object.assign(new Conversation(), { tenant: 'globex', conversationId: 'general', title: 'G' }),
    );
    await assert.rejects(
      conversations.get({ tenant: 'globex', conversationId: 'general' }),
      InvalidArgumentError,
    );
    assert.equal(await conversations.find().count(), 1);

    return [
      `unread after 3 posts (one ReadModifyWriteRow each): ${[...afterThird].map(([m, n]) => `${m}=${n}`).join(', ')}`,
      `bob read everything (put unread.bob = 0): ${[...listed[0]!.unread].map(([m, n]) => `${m}=${n}`).join(', ')}`,
      `newest 2 messages (collection, one ReadRows): ${newest.map((t) => JSON.stringify(t)).join(', ')}`,
      `edit history of the newest: ${edited.text.map((v) => JSON.stringify(v.value)).join(' ← ')}`,
      `reactions (AddToCell, merged): ${[...edited.reactions].map(([e, n]) => `${e}×${n}`).join(' ')}`,
      `scope(tenant = "acme").get(globex's key) → InvalidArgumentError, nothing sent`,
    ];
  },
};
