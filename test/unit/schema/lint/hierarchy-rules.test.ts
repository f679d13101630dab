import { describe, expect, it } from 'vitest';
import type { EntityClass, EntityMetadata } from '../../../../src/metadata/entity-metadata.js';
import { defineEntity } from '../../../../src/metadata/index.js';
import { EntityRegistry } from '../../../../src/metadata/entity-registry.js';
import { lintEntities } from '../../../../src/schema/lint/lint-entities.js';

type Loose = Record<string, unknown>;
const cls = (name: string) => ({ [name]: class {} })[name] as unknown as EntityClass<Loose>;
const props = { families: { d: {} }, properties: { v: { family: 'd', codec: 'string' } } } as const;

function chat(separate: boolean): EntityMetadata[] {
  const table = `lint_chat_${separate ? 'apart' : 'nested'}`;
  const Conversation = cls('Conversation');
  const Message = cls('Message');
  const Unread = cls('Unread');
  defineEntity(Conversation, {
    table,
    ...props,
    key: [{ property: 'tenant' }, { literal: 'conv' }, { property: 'id' }],
  });
  if (separate) {
    // The fix: messages under their own literal, beside the conversations instead of under them.
    defineEntity(Message, {
      table,
      ...props,
      key: [
        { property: 'tenant' },
        { literal: 'msg' },
        { property: 'id' },
        { property: 'at', type: 'reversedTimestamp' },
      ],
    });
  } else {
    defineEntity(Message, {
      table,
      ...props,
      parent: Conversation,
      literal: 'm',
      key: [{ property: 'at', type: 'reversedTimestamp' }],
    });
  }
  defineEntity(Unread, {
    table,
    ...props,
    parent: separate ? Message : Conversation,
    literal: 'u',
    key: [{ property: 'member' }],
  });
  const registry = new EntityRegistry([Conversation, Message, Unread]);
  return [Conversation, Message, Unread].map((c) => registry.resolve(c));
}

describe('key-parent-scans-children', () => {
  it('flags a parent whose children lie under its keys, as an info when the key filter keeps them from being sent', () => {
    const found = lintEntities(chat(false)).filter((f) => f.ruleId === 'key-parent-scans-children');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ entity: 'Conversation', severity: 'info' });
    expect(found[0]!.message).toContain('also scan the rows of Message, Unread');
    expect(found[0]!.message).toContain('the server still reads them');
    expect(found[0]!.fix).toContain('distinct literal for the parent');
  });

  it('names only the parents whose children lie under them', () => {
    const found = lintEntities(chat(true)).filter((f) => f.ruleId === 'key-parent-scans-children');
    expect(found.map((f) => `${f.entity}: ${f.severity}`)).toEqual(['Message: info']);
    expect(found[0]!.message).toContain('the rows of Unread');
  });
});
