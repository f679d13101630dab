import { describe, expect, it } from 'vitest';
import { Entity, Family, KeyPart, QualifierMap, QualifierSet } from '../../../decorators/index.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { refusal } from '../../support/refusal.js';
import { useMapper } from '../../../src/testing/vitest/use-mapper.js';

// Issue 23, item 4: a string is iterable, so `add(key, 'members', 'zed')` used to store z, e, d and
// `remove(key, 'friends', 'lee')` removed a real member 'e'. A bare string where a list of members (or map keys,
// or map entries) goes is refused before anything is sent, and the stored members stay as they were. The types
// refuse it too (test/types/collection-arguments.ts); every other bad argument is in
// test/integration/errors/public-boundary.test.ts.

@Entity({ table: 'ca_users' })
@Family('friends')
@Family('circles')
class User {
  @KeyPart(0, 'string') id!: string;
  @QualifierSet({ family: 'friends', key: 'string' }) friends!: Set<string>;
  @QualifierMap({ family: 'circles', key: 'string', value: 'string' }) circles!: Map<string, string>;
}

describe('collection writes refuse a bare string where a list goes', () => {
  const mapper = useMapper([User]);
  const key = { id: 'jose' };

  it('add, remove, put and update refuse it, and the stored members are untouched', async () => {
    const users = mapper().repository(User);
    await users.save(
      Object.assign(new User(), {
        id: 'jose',
        friends: new Set(['e', 'lee', 'x']),
        circles: new Map([
          ['a', 'family'],
          ['b', 'work'],
        ]),
      }),
    );

    const error = await refusal(users.add(key, 'friends', 'zed' as never), InvalidArgumentError);
    expect(error).toMatchObject({ entity: 'User', property: 'friends', argument: 'members', value: 'zed' });
    expect(error.message).toContain('not a string');
    await refusal(users.remove(key, 'friends', 'lee' as never), InvalidArgumentError);
    await refusal(users.remove(key, 'circles', 'ab' as never), InvalidArgumentError);
    await refusal(users.put(key, 'circles', 'ab' as never), InvalidArgumentError);
    await refusal(users.update(key, { friends: { put: 'zed' as never } }), InvalidArgumentError);
    await refusal(users.update(key, { friends: { remove: 'lee' as never } }), InvalidArgumentError);
    await refusal(users.update(key, { circles: { remove: 'ab' as never } }), InvalidArgumentError);

    const stored = await users.getOrThrow(key);
    expect([...stored.friends].sort()).toEqual(['e', 'lee', 'x']);
    expect([...stored.circles.entries()].sort()).toEqual([
      ['a', 'family'],
      ['b', 'work'],
    ]);
  });

  it('a list of one string is one member', async () => {
    const users = mapper().repository(User);
    await users.add({ id: 'ana' }, 'friends', ['zed']);
    await users.remove({ id: 'ana' }, 'friends', new Set(['nobody']));
    expect([...(await users.getOrThrow({ id: 'ana' })).friends]).toEqual(['zed']);
  });
});
