import { expect, it } from 'vitest';
import { Mapper } from 'bigtable-mapper';
import { useMapper } from 'bigtable-mapper/testing/vitest';
import { User, UserV1 } from '../../../examples/evolving-user.js';

const mapper = useMapper([User]);

it('reads a row stored at version 1 as a version-3 User', async () => {
  const users = mapper().repository(User);
  // What the version-1 deployment wrote: its own declaration and Mapper, the same table.
  const v1App = new Mapper(mapper().connection, { tableIds: { users_v1: users.tableId } });
  await v1App.repository(UserV1).save(
    Object.assign(new UserV1(), { userId: 'ada', fullName: 'Ada Lovelace', address: { city: 'London' }, phones: { home: '+44 20 7946 0000' } }),
  );

  const ada = await users.getOrThrow({ userId: 'ada' }); // d:name, d:addr (JSON), d:phones (JSON) → v2 → v3
  expect(ada).toEqual(
    Object.assign(new User(), { userId: 'ada', displayName: 'Ada Lovelace', address: { city: 'London' }, phones: new Map([['home', '+44 20 7946 0000']]) }),
  );

  const query = users.scan().where('displayName', '=', 'Ada Lovelace');
  expect((await query.toArray()).map((u) => u.userId)).toEqual(['ada']); // matched on the upcast value
  expect(query.explain()).toContain(
    'displayName = is checked on the client: after upcasting (rows at older schema versions store it differently)',
  );

  const names = users.find({ userId: 'ada' }).select('displayName'); // reads d:display, d:_v and the old columns
  expect((await names.toArray()).map((u) => ({ ...u }))).toEqual([{ userId: 'ada', displayName: 'Ada Lovelace' }]);
  expect(names.explain()).toContain(
    'schema evolution: also reads d:_v (the schema version) and d:name, d:addr, d:phones for rows at versions 1, 2, which are upcast to version 3',
  );
});
