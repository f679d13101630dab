import { defineEntity } from '../../src/metadata/define-entity.js';
import type { EntityClass, EntityMetadata } from '../../src/metadata/entity-metadata.js';
import { EntityRegistry } from '../../src/metadata/entity-registry.js';

type Loose = Record<string, unknown>;
const named = (name: string) => ({ [name]: class {} })[name] as unknown as EntityClass<Loose>;

/**
 * The chat service of issue 26, resolved without a mapper: conversations `<tenant>#conv#<id>`, their messages
 * `<tenant>#conv#<id>#m#<reversed millis>` and unread counters `<tenant>#conv#<id>#u#<member>` (hierarchical keys),
 * each with a string column `v` in family `d`.
 */
export function chatModel(
  table: string,
  encoding: 'delimited' | 'orderedCode' = 'delimited',
): {
  readonly conversation: EntityMetadata;
  readonly message: EntityMetadata;
  readonly unread: EntityMetadata;
} {
  const [Conversation, Message, Unread] = ['Conversation', 'Message', 'Unread'].map(named) as [
    EntityClass<Loose>,
    EntityClass<Loose>,
    EntityClass<Loose>,
  ];
  const rest = { table, families: { d: {} }, properties: { v: { family: 'd', codec: 'string' } } } as const;
  defineEntity(Conversation, {
    ...rest,
    encoding,
    key: [{ property: 'tenant' }, { literal: 'conv' }, { property: 'id' }],
  });
  const at = { property: 'at', type: 'reversedTimestamp' } as const;
  defineEntity(Message, { ...rest, parent: Conversation, literal: 'm', key: [at] });
  defineEntity(Unread, { ...rest, parent: Conversation, literal: 'u', key: [{ property: 'member' }] });
  const registry = new EntityRegistry([Conversation, Message, Unread]);
  return {
    conversation: registry.resolve(Conversation),
    message: registry.resolve(Message),
    unread: registry.resolve(Unread),
  };
}
