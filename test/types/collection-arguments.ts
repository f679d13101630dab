// Type tests of collection arguments (issue 23, item 4), compiled by `tsc --noEmit` and never run (see
// typed-keys.ts for the convention). A string is iterable, so a parameter typed `Iterable<string>` would take
// 'zed' and write z, e, d: member lists are typed `Iterable<…> & object`, which a string primitive is not. The run
// time refuses the same (test/integration/errors/public-boundary.test.ts).
import { Entity, Family, KeyPart, QualifierMap, QualifierSet } from '../../decorators/index.js';
import type { Mapper } from '../../src/repository/mapper.js';

@Entity({ table: 'groups' })
@Family('members')
@Family('roles')
class Group {
  declare static readonly keyParts: readonly ['id'];
  @KeyPart(0, 'string') id!: string;
  @QualifierSet({ family: 'members', key: 'string' }) members!: Set<string>;
  @QualifierMap({ family: 'roles', key: 'string', value: 'string' }) roles!: Map<string, string>;
}

export async function collectionArguments(mapper: Mapper): Promise<void> {
  const groups = mapper.repository(Group);
  const key = { id: 'g1' };

  // Lists of members: arrays, Sets, any iterable object.
  await groups.add(key, 'members', ['zed']);
  await groups.add(key, 'members', new Set(['zed']));
  await groups.remove(key, 'members', ['lee']);
  await groups.remove(key, 'roles', ['lee']);
  await groups.put(key, 'roles', new Map([['lee', 'admin']]));
  await groups.put(key, 'roles', [['lee', 'admin']]);
  await groups.update(key, { members: { put: ['a'], remove: new Set(['b']) }, roles: { remove: ['c'] } });

  // A bare string is one member, not a list: refused.
  // @ts-expect-error a string is not a list of members
  await groups.add(key, 'members', 'zed');
  // @ts-expect-error a string is not a list of members
  await groups.remove(key, 'members', 'lee');
  // @ts-expect-error a string is not a list of map keys
  await groups.remove(key, 'roles', 'lee');
  // @ts-expect-error a string is not a Map or a list of [key, value] pairs
  await groups.put(key, 'roles', 'ab');
  // @ts-expect-error a string is not a list of members
  await groups.update(key, { members: { put: 'zed' } });
  // @ts-expect-error a string is not a list of members
  await groups.update(key, { members: { remove: 'lee' } });
  // @ts-expect-error a string is not a list of map keys
  await groups.update(key, { roles: { remove: 'lee' } });
}
