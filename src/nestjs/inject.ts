import { Inject } from '@nestjs/common';
import type { EntityClass } from '../metadata/entity-metadata.js';
import { getMapperToken, getRepositoryToken } from './tokens.js';

/**
 * Injects the repository of `entity` (registered with `BigtableMapperModule.forFeature([entity], name)`).
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
 * Injects a mapper (`BigtableMapperModule.forRoot({ name })`; the default one without a name).
 *
 * @example
 * ```ts
 * class Health { constructor(@InjectMapper() readonly mapper: Mapper) {} }
 * ```
 */
export function InjectMapper(name?: string): PropertyDecorator & ParameterDecorator {
  return Inject(getMapperToken(name));
}
