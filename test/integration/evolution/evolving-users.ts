// The entity of the schema-evolution emulator tests, at its three versions. v1 and v2 are declared as separate
// classes (other declared table names, written into the v3 table by the test) standing for old deployments:
//   v1: d:name (string) fullName, d:settings (JSON), d:prefs (JSON object)
//   v2: fullName renamed to displayName at d:display; settings and prefs unchanged
//   v3: settings becomes protobuf in the same column (codec change); prefs is split into the Map family `prefs`.
import protobuf from 'protobufjs';
import {
  Codecs,
  Column,
  Counter,
  Entity,
  Evolve,
  Family,
  KeyPart,
  QualifierMap,
  defineEntity,
  upcastStep,
} from '../../../decorators/index.js';
import { buildSaveMutations } from '../../../src/mapping/build-save-mutations.js';
import { resolveEntity } from '../../../src/metadata/resolve-entity.js';
import type { Mapper } from '../../../src/repository/mapper.js';
import { mutateRow } from '../../../src/transport/mutate-row.js';

export const SettingsType = new protobuf.Type('EvoSettings')
  .add(new protobuf.Field('theme', 1, 'string'))
  .add(new protobuf.Field('lang', 2, 'string'));

export interface Settings {
  theme?: string;
  lang?: string;
}

export interface UserV1State {
  userId: string;
  fullName?: string;
  settings?: Settings;
  prefs?: Record<string, string>;
}
export interface UserV2State {
  userId: string;
  displayName: string;
  settings?: Settings;
  prefs?: Record<string, string>;
}

export const fromV1 = upcastStep<UserV1State, UserV2State>({
  from: 1,
  shape: {
    fullName: { family: 'd', qualifier: 'name', codec: 'string' },
    settings: { family: 'd', codec: 'json' },
    prefs: { family: 'd', codec: 'json' },
  },
  upcast: ({ fullName, ...rest }) => ({ ...rest, displayName: fullName ?? '' }),
});

export const fromV2 = upcastStep<UserV2State, Omit<User, 'logins'>>({
  from: 2,
  shape: { settings: { family: 'd', codec: 'json' }, prefs: { family: 'd', codec: 'json' } },
  upcast: (v2) => ({ ...v2, prefs: new Map(Object.entries(v2.prefs ?? {})) }),
});

@Entity({ table: 'evo_users' })
@Family('d')
@Family('prefs')
@Evolve({ version: 3, family: 'd', steps: [fromV1, fromV2] })
export class User {
  @KeyPart(0, 'string') userId!: string;
  @Column({ family: 'd', qualifier: 'display', codec: 'string' }) displayName!: string;
  @Column({ family: 'd', codec: Codecs.protobuf<Settings>(SettingsType), optional: true })
  settings?: Settings;
  @QualifierMap({ family: 'prefs', key: 'string', value: 'string' }) prefs!: Map<string, string>;
  @Counter({ family: 'd', as: 'number' }) logins!: number;
}

export class UserV1 {
  userId!: string;
  fullName?: string;
  settings?: Settings;
  prefs?: Record<string, string>;
}
defineEntity(UserV1, {
  table: 'evo_users_v1',
  key: [{ property: 'userId', type: 'string' }],
  families: { d: {} },
  properties: {
    fullName: { family: 'd', qualifier: 'name', codec: 'string', optional: true },
    settings: { family: 'd', codec: 'json', optional: true },
    prefs: { family: 'd', codec: 'json', optional: true },
  },
  evolution: { version: 1, family: 'd' },
});

export class UserV2 {
  userId!: string;
  displayName!: string;
  settings?: Settings;
  prefs?: Record<string, string>;
}
defineEntity(UserV2, {
  table: 'evo_users_v2',
  key: [{ property: 'userId', type: 'string' }],
  families: { d: {} },
  properties: {
    displayName: { family: 'd', qualifier: 'display', codec: 'string' },
    settings: { family: 'd', codec: 'json', optional: true },
    prefs: { family: 'd', codec: 'json', optional: true },
  },
  evolution: { version: 2, family: 'd' },
});

/** Saves an entity of an old declaration into the v3 table, as the old deployment did (its own token included). */
export async function saveAsOld(mapper: Mapper, entity: UserV1 | UserV2): Promise<void> {
  const meta = resolveEntity(entity.constructor as typeof UserV1 | typeof UserV2);
  const save = buildSaveMutations(meta, entity as never);
  await mutateRow(mapper.connection, mapper.repository(User).tableId, save.key, save.mutations);
}

/** A v1 row. */
export function v1(
  userId: string,
  fullName: string,
  settings: Settings,
  prefs: Record<string, string>,
): UserV1 {
  return Object.assign(new UserV1(), { userId, fullName, settings, prefs });
}

/** A v2 row. */
export function v2(
  userId: string,
  displayName: string,
  settings: Settings,
  prefs: Record<string, string>,
): UserV2 {
  return Object.assign(new UserV2(), { userId, displayName, settings, prefs });
}

/** A v3 entity. */
export function v3(
  userId: string,
  displayName: string,
  settings: Settings,
  prefs: Record<string, string>,
): User {
  return Object.assign(new User(), {
    userId,
    displayName,
    settings,
    prefs: new Map(Object.entries(prefs)),
    logins: 0,
  });
}
