// `bigtable-mapper/nestjs`: the NestJS module. It imports @nestjs/common, an optional peer dependency, so it lives
// apart from `bigtable-mapper`, which loads without it.
export { BigtableMapperModule } from './bigtable-mapper-module.js';
export type {
  BigtableMapperModuleAsyncOptions,
  BigtableMapperModuleOptions,
} from './bigtable-mapper-module.js';
export { InjectMapper, InjectRepository } from './inject.js';
export { BigtableMapperHealthIndicator } from './bigtable-mapper-health-indicator.js';
export type { BigtableHealthOptions, BigtableHealthResult } from './bigtable-mapper-health-indicator.js';
export { DEFAULT_MAPPER_NAME, getMapperToken, getRepositoryToken } from './tokens.js';
