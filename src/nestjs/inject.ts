import { Inject } from '@nestjs/common';
import type { EntityClass } from '../metadata/entity-metadata.js';
import { getMapperToken, getRepositoryToken } from './tokens.js';
import { checkEntityClass, checkInjectionTarget, checkMapperName } from './check-nest-arguments.js';

/** NestJS's `@Inject(token)`, refusing a target that is no class or prototype before NestJS sees it. */
function checkedInject(api: string, token: string | symbol): PropertyDecorator & ParameterDecorator {
  const inject = Inject(token) as (target: object, key: string | symbol | undefined, index?: number) => void;
  return ((target: object, key: string | symbol | undefined, index?: number): void => {
    checkInjectionTarget(api, target);
    inject(target, key, index);
  }) as PropertyDecorator & ParameterDecorator;
}

/**
 * Injects the repository of `entity` (registered with `BigtableMapperModule.forFeature([entity], name)`).
 *
 * @example
 * ```ts
 * class DeviceService { constructor(@InjectRepository(Device) readonly devices: Repository<Device>) {} }
 * ```
 */
export function InjectRepository(entity: EntityClass, name?: string): PropertyDecorator & ParameterDecorator {
  const api = '@InjectRepository';
  checkEntityClass({ api, argument: 'entity' }, entity);
  checkMapperName(api, name);
  return checkedInject(api, getRepositoryToken(entity, name));
}

/**
 * Injects a mapper (`BigtableMapperModule.forRoot({ name })`; the default one without a name).
 *
 * @example
 * ```ts
 * class Health { constructor(@InjectMapper() readonly mapper: Mapper) {} }
 * ```
 */
export function InjectMapper(name?: string): PropertyDecorator & ParameterDecorator {
  checkMapperName('@InjectMapper', name);
  return checkedInject('@InjectMapper', getMapperToken(name));
}
