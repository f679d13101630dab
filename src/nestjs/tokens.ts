import type { EntityClass } from '../metadata/entity-metadata.js';
import { checkEntityClass, checkMapperName } from './check-nest-arguments.js';

/** The name of the mapper `forRoot` registers when none is given. */
export const DEFAULT_MAPPER_NAME = 'default';

/**
 * The injection token of a mapper (`BigtableMapperModule.forRoot({ name })`), for `inject: [...]` lists and
 * `moduleRef.get()`; `@InjectMapper(name)` uses it.
 *
 * @example
 * ```ts
 * const token: string = getMapperToken('archive'); // for inject: [token] of a factory provider
 * ```
 */
export function getMapperToken(name: string = DEFAULT_MAPPER_NAME): string {
  checkMapperName('getMapperToken', name);
  return `bigtable-mapper:mapper:${name}`;
}

// One symbol per class and mapper: two entity classes with the same name never share a token.
const repositoryTokens = new WeakMap<EntityClass, Map<string, symbol>>();

/**
 * The injection token of an entity's repository on a mapper (`BigtableMapperModule.forFeature([Entity], name)`);
 * `@InjectRepository(Entity, name)` uses it.
 *
 * @example
 * ```ts
 * const token: symbol = getRepositoryToken(Device); // what @InjectRepository(Device) injects
 * ```
 */
export function getRepositoryToken(entity: EntityClass, name: string = DEFAULT_MAPPER_NAME): symbol {
  checkEntityClass({ api: 'getRepositoryToken', argument: 'entity' }, entity);
  checkMapperName('getRepositoryToken', name);
  let byName = repositoryTokens.get(entity);
  if (!byName) {
    byName = new Map();
    repositoryTokens.set(entity, byName);
  }
  let token = byName.get(name);
  if (!token) {
    token = Symbol(`bigtable-mapper:repository:${entity.name}:${name}`);
    byName.set(name, token);
  }
  return token;
}
