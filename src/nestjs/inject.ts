import { Inject } from '@nestjs/common';
import type { EntityClass } from '../metadata/entity-metadata.js';
import { getMapperToken, getRepositoryToken } from './tokens.js';

/**
 * Injects the repository of `entity` (registered with `BigtableMapperModule.forFeature([entity], name)`).
 * A constructor parameter decorator, so legacy decorators only (`experimentalDecorators`): with TC39 standard
 * decorators, inject `getRepositoryToken(entity, name)` into a factory provider (docs/nestjs.md).
 *
 * @example
 * ```ts
 * class DeviceService { constructor(@InjectRepository(Device) readonly devices: Repository<Device>) {} }
 * ```
 */
export function InjectRepository(entity: EntityClass, name?: string): PropertyDecorator & ParameterDecorator {
  return Inject(getRepositoryToken(entity, name));
}

/**
 * Injects a mapper (`BigtableMapperModule.forRoot({ name })`; the default one without a name). Legacy decorators
 * only, as {@link InjectRepository}; with standard decorators inject `getMapperToken(name)` into a factory provider.
 *
 * @example
 * ```ts
 * class Health { constructor(@InjectMapper() readonly mapper: Mapper) {} }
 * ```
 */
export function InjectMapper(name?: string): PropertyDecorator & ParameterDecorator {
  return Inject(getMapperToken(name));
}
