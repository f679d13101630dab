import { describe, expect, it } from 'vitest';
import type { EntityClass, EntityMetadata } from '../../../../src/metadata/entity-metadata.js';
import { defineEntity } from '../../../../src/metadata/index.js';
import { EntityRegistry } from '../../../../src/metadata/entity-registry.js';
import { lintEntities } from '../../../../src/lint/lint-entities.js';
import { chatModel } from '../../../support/chat-model.js';

type Loose = Record<string, unknown>;
const cls = (name: string) => ({ [name]: class {} })[name] as unknown as EntityClass<Loose>;
const props = { families: { d: {} }, properties: { v: { family: 'd', codec: 'string' } } } as const;

/** The fix: messages under their own literal, beside the conversations instead of under them; counters under messages. */
function chatApart(): EntityMetadata[] {
  const table = 'lint_chat_apart';
  const [Conversation, Message, Unread] = ['Conversation', 'Message', 'Unread'].map(cls) as [
    EntityClass<Loose>,
    EntityClass<Loose>,
    EntityClass<Loose>,
  ];
  const tenant = { property: 'tenant' };
  const id = { property: 'id' };
  defineEntity(Conversation, { table, ...props, key: [tenant, { literal: 'conv' }, id] });
  const at = { property: 'at', type: 'reversedTimestamp' } as const;
  defineEntity(Message, { table, ...props, key: [tenant, { literal: 'msg' }, id, at] });
  defineEntity(Unread, { table, ...props, parent: Message, literal: 'u', key: [{ property: 'member' }] });
  const registry = new EntityRegistry([Conversation, Message, Unread]);
  return [Conversation, Message, Unread].map((c) => registry.resolve(c));
}

describe('key-parent-scans-children', () => {
  it('flags a parent whose children lie under its keys: an info, the key filter keeps them from being sent', () => {
    const { conversation, message, unread } = chatModel('lint_chat_nested');
    const found = lintEntities([conversation, message, unread]).filter(
      (f) => f.ruleId === 'key-parent-scans-children',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ entity: 'Conversation', severity: 'info' });
    expect(found[0]!.message).toContain('also scan the rows of Message, Unread');
    expect(found[0]!.message).toContain('the server still reads them');
    expect(found[0]!.fix).toContain('distinct literal for the parent');
  });

  it('names only the parents whose children lie under them', () => {
    const found = lintEntities(chatApart()).filter((f) => f.ruleId === 'key-parent-scans-children');
    expect(found.map((f) => `${f.entity}: ${f.severity}`)).toEqual(['Message: info']);
    expect(found[0]!.message).toContain('the rows of Unread');
  });

  it('can be silenced with a reason', () => {
    const { conversation, message, unread } = chatModel('lint_chat_silenced');
    const allow = { Conversation: { 'key-parent-scans-children': 'conversations are read by key only' } };
    expect(
      lintEntities([conversation, message, unread], { allow }).filter(
        (f) => f.ruleId === 'key-parent-scans-children',
      ),
    ).toEqual([]);
  });
});
