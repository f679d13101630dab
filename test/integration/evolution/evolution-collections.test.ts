import { describe, expect, it } from 'vitest';
import { Column, Entity, Family, KeyPart } from '../../../decorators/index.js';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { User, saveAsOld, v1 } from './evolving-users.js';

/** A child of User (hierarchical key `userId#n#noteId`), read with it in one collection. */
@Entity({ table: 'evo_users', parent: User, literal: 'n' })
@Family('d')
class UserNote {
  @KeyPart(0, 'string') noteId!: string;
  @Column({ family: 'd', codec: 'string' }) text!: string;
}

const mapper = useMapper([User, UserNote]);

describe('collections with an evolving member', () => {
  it('read the evolving member upcast from an old row', async () => {
    await saveAsOld(mapper(), v1('c-1', 'Ada One', { theme: 'dark', lang: 'en' }, { a: '1' }));
    await mapper()
      .repository(UserNote)
      .save(Object.assign(new UserNote(), { userId: 'c-1', noteId: 'n1', text: 'hello' }));
    const result = await mapper().collection({ user: User, notes: UserNote }).key({ userId: 'c-1' }).fetch();
    expect(result.user.map((u) => ({ ...u }))).toEqual([
      {
        userId: 'c-1',
        displayName: 'Ada One',
        settings: { theme: 'dark', lang: 'en' },
        prefs: new Map([['a', '1']]),
        logins: 0,
      },
    ]);
    expect(result.notes.map((n) => n.text)).toEqual(['hello']);
  });
});
