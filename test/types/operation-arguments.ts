// Type tests of the property and value arguments of increment, setCounter, aggregate, add, remove and put (issue 26),
// compiled by `tsc --noEmit` and never run (see typed-keys.ts for the convention). The run time refuses the same
// with InvalidArgumentError (test/integration/errors/public-boundary.test.ts, counter-maps.test.ts).
import {
  Aggregate,
  AggregateMap,
  Column,
  Counter,
  CounterMap,
  Entity,
  Family,
  KeyPart,
  QualifierMap,
  QualifierSet,
} from '../../decorators/index.js';
import type { Mapper } from '../../src/repository/mapper.js';

@Entity({ table: 'chat' })
@Family('d')
@Family('stats')
@Family('members')
@Family('roles')
@Family('unread')
@Family('reactions', { aggregate: 'sum' })
@Family('views', { aggregate: 'sum' })
class Conversation {
  declare static readonly keyParts: readonly ['id'];
  @KeyPart(0, 'string') id!: string;
  @Column({ family: 'd', codec: 'string' }) author!: string;
  @Counter({ family: 'stats' }) messages!: bigint;
  @Aggregate({ family: 'views', qualifier: 'total', as: 'number' }) views!: number;
  @QualifierSet({ family: 'members', key: 'string' }) members!: Set<string>;
  @QualifierMap({ family: 'roles', key: 'string', value: 'string' }) roles!: Map<string, string>;
  @CounterMap({ family: 'unread', key: 'string', as: 'number' }) unread!: Map<string, number>;
  @AggregateMap({ family: 'reactions', key: 'string' }) reactions!: Map<string, bigint>;
}

export async function operationArguments(mapper: Mapper): Promise<void> {
  const chats = mapper.repository(Conversation);
  const key = { id: 'c1' };

  // The right kinds compile, and a counter map's increment answers a Map of its value type.
  const total: bigint | number = await chats.increment(key, 'messages', 1);
  const unread: Map<string, number> = await chats.increment(key, 'unread', new Map([['bob', 1]]));
  await chats.increment(key, 'unread', [['bob', 1n]]);
  await chats.aggregate(key, 'views', 1);
  await chats.aggregate(key, 'reactions', [['👍', 1]]);
  await chats.put(key, 'unread', new Map([['bob', 0]]));
  await chats.setCounter(key, 'messages', 0);
  await chats.setCounter(key, 'messages', 10n, { timeoutMs: 1_000 });
  void total;
  void unread;

  // A string property is no counter, no aggregate.
  // @ts-expect-error 'author' is a string
  await chats.increment(key, 'author', 1);
  // @ts-expect-error 'author' is a string
  await chats.aggregate(key, 'author', 1);
  // @ts-expect-error a Set is no counter
  await chats.increment(key, 'members', 1);
  // @ts-expect-error a Map of strings is no counter map
  await chats.increment(key, 'roles', new Map([['bob', 1]]));
  // @ts-expect-error an unknown property
  await chats.increment(key, 'nope', 1);
  // @ts-expect-error 'author' is a string, no counter to set
  await chats.setCounter(key, 'author', 0);
  // @ts-expect-error a counter map is set with put, not setCounter
  await chats.setCounter(key, 'unread', 0);
  // @ts-expect-error a string value
  await chats.setCounter(key, 'messages', '0');
  // @ts-expect-error the value is required (no implicit reset to 0)
  await chats.setCounter(key, 'messages');

  // Amounts are numbers or bigints, keys of the declared type; one amount for a scalar, pairs for a map.
  // @ts-expect-error a string amount
  await chats.increment(key, 'messages', '1');
  // @ts-expect-error a map needs [key, amount] pairs, not one amount
  await chats.increment(key, 'unread', 1);
  // @ts-expect-error a string key where the map's keys are strings is fine, a number key is not
  await chats.increment(key, 'unread', new Map([[7, 1]]));
  // @ts-expect-error a string amount in a pair
  await chats.increment(key, 'unread', [['bob', '1']]);
  // @ts-expect-error a string is not a list of pairs
  await chats.aggregate(key, 'reactions', 'bob');

  // Members and values of the declared type, on properties of the right kind.
  // @ts-expect-error a number is no member of a Set<string>
  await chats.add(key, 'members', [7]);
  // @ts-expect-error add takes a Set property, not a Map
  await chats.add(key, 'roles', ['bob']);
  // @ts-expect-error put takes a Map property, not a Set
  await chats.put(key, 'members', new Map([['bob', 'x']]));
  // @ts-expect-error a number is no value of a Map<string, string>
  await chats.put(key, 'roles', new Map([['bob', 7]]));
  // @ts-expect-error a string is not a list of members
  await chats.remove(key, 'members', 'bob');
  // @ts-expect-error remove takes a Set or Map property
  await chats.remove(key, 'author', ['bob']);
}
