import type { DynamicModule, FactoryProvider, ModuleMetadata, Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EntityClass } from '../metadata/entity-metadata.js';
import { Mapper } from '../repository/mapper.js';
import type { RepositoryOptions } from '../repository/repository-options.js';
import type { ConnectionOptions } from '../transport/connection-options.js';
import { BigtableMapperHealthIndicator } from './bigtable-mapper-health-indicator.js';
import { DEFAULT_MAPPER_NAME, getMapperToken, getRepositoryToken } from './tokens.js';
import { checkAsyncModuleOptions, checkMapperName, checkModuleOptions } from './check-nest-arguments.js';
import { checkClasses } from '../errors/check-argument.js';

/**
 * What `BigtableMapperModule.forRoot` (or the factory of `forRootAsync`) needs to make a mapper.
 *
 * @example
 * ```ts
 * const options: BigtableMapperModuleOptions = { connection: { projectId: 'p', instanceId: 'i' }, ensureSchema: [Device] };
 * ```
 */
export interface BigtableMapperModuleOptions {
  /** Where to connect, as for `Mapper.connect` (the emulator through `emulatorHost` or `BIGTABLE_EMULATOR_HOST`). */
  readonly connection: ConnectionOptions;
  /** Options of the mapper's repositories (table ids, retries, deadlines, …). */
  readonly repository?: RepositoryOptions;
  /** Opt-in: `mapper.ensureSchema(entities)` before the application starts (creates what the tables lack). */
  readonly ensureSchema?: readonly EntityClass[];
}

/**
 * `BigtableMapperModule.forRootAsync` options: a factory (with its `inject` list and `imports`, e.g. `ConfigModule`
 * and `ConfigService`) that returns the module options.
 *
 * @example
 * ```ts
 * class Settings { readonly bigtable = { projectId: 'p', instanceId: 'i' }; }
 * BigtableMapperModule.forRootAsync({ inject: [Settings], useFactory: (s: Settings) => ({ connection: s.bigtable }) });
 * ```
 */
export interface BigtableMapperModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  /** The mapper's name, for several mappers in one application (`@InjectMapper(name)`). */
  readonly name?: string;
  /** The providers whose instances `useFactory` receives, in order. */
  readonly inject?: FactoryProvider['inject'];
  /** Returns (or resolves to) the module options; runs while the application starts. */
  readonly useFactory: (
    ...args: never[]
  ) => BigtableMapperModuleOptions | Promise<BigtableMapperModuleOptions>;
}

// Nest calls onApplicationShutdown on every provider instance that has it: the holder closes its mapper last, after
// the application's own shutdown hooks, which may still use it.
interface MapperHolder {
  readonly mapper: Mapper;
  onApplicationShutdown(): Promise<void>;
}

async function holdMapper(options: BigtableMapperModuleOptions): Promise<MapperHolder> {
  const mapper = Mapper.connect(options.connection, options.repository);
  try {
    if (options.ensureSchema && options.ensureSchema.length > 0)
      await mapper.ensureSchema(options.ensureSchema);
  } catch (error) {
    await mapper.close();
    throw error;
  }
  return { mapper, onApplicationShutdown: () => mapper.close() };
}

function rootModule(name: string, holder: Provider, imports: ModuleMetadata['imports'] = []): DynamicModule {
  const holderToken = holderTokenOf(name);
  const mapper: Provider = {
    provide: getMapperToken(name),
    useFactory: (held: MapperHolder) => held.mapper,
    inject: [holderToken],
  };
  // Every root module provides the same indicator (it looks mappers up by name when called), so any one will do.
  const health: Provider = {
    provide: BigtableMapperHealthIndicator,
    useFactory: (ref: ModuleRef) =>
      new BigtableMapperHealthIndicator((mapperName) =>
        ref.get<Mapper>(getMapperToken(mapperName), { strict: false }),
      ),
    inject: [ModuleRef],
  };
  return {
    module: BigtableMapperModule,
    global: true,
    imports,
    providers: [holder, mapper, health],
    exports: [mapper, health],
  };
}

function holderTokenOf(name: string): string {
  return `bigtable-mapper:holder:${name}`;
}

/**
 * The NestJS module of bigtable-mapper: `forRoot`/`forRootAsync` make a mapper (global, closed on application
 * shutdown), `forFeature` provides repositories for `@InjectRepository`.
 *
 * @example
 * ```ts
 * import { Module } from '@nestjs/common';
 * @Module({
 *   imports: [
 *     BigtableMapperModule.forRoot({ connection: { projectId: 'p', instanceId: 'i' } }),
 *     BigtableMapperModule.forFeature([Device]),
 *   ],
 * })
 * class AppModule {}
 * ```
 */
export class BigtableMapperModule {
  /**
   * A mapper from static options; `name` tells several mappers apart (`@InjectMapper(name)`).
   *
   * @example
   * ```ts
   * BigtableMapperModule.forRoot({ connection: { projectId: 'p', instanceId: 'i' }, ensureSchema: [Device] });
   * ```
   */
  static forRoot(options: BigtableMapperModuleOptions & { readonly name?: string }): DynamicModule {
    checkModuleOptions('BigtableMapperModule.forRoot', options);
    const name = options.name ?? DEFAULT_MAPPER_NAME;
    return rootModule(name, { provide: holderTokenOf(name), useFactory: () => holdMapper(options) });
  }

  /**
   * A mapper from options a factory computes from other providers (e.g. `ConfigService`).
   *
   * @example
   * ```ts
   * class Settings { readonly projectId = 'p'; readonly instanceId = 'i'; } // e.g. ConfigService
   * BigtableMapperModule.forRootAsync({
   *   inject: [Settings],
   *   useFactory: (settings: Settings) => ({ connection: { projectId: settings.projectId, instanceId: settings.instanceId } }),
   * });
   * ```
   */
  static forRootAsync(options: BigtableMapperModuleAsyncOptions): DynamicModule {
    checkAsyncModuleOptions('BigtableMapperModule.forRootAsync', options);
    const name = options.name ?? DEFAULT_MAPPER_NAME;
    const factory = options.useFactory as (...args: unknown[]) => ReturnType<typeof options.useFactory>;
    return rootModule(
      name,
      {
        provide: holderTokenOf(name),
        useFactory: async (...args: unknown[]) => holdMapper(await factory(...args)),
        inject: options.inject ?? [],
      },
      options.imports,
    );
  }

  /**
   * The repositories of `entities` on the named mapper (the default one without a name), for
   * `@InjectRepository(Entity, name)`.
   *
   * @example
   * ```ts
   * BigtableMapperModule.forFeature([Video, Comment]);
   * ```
   */
  static forFeature(entities: readonly EntityClass[], name: string = DEFAULT_MAPPER_NAME): DynamicModule {
    checkClasses({ api: 'BigtableMapperModule.forFeature', argument: 'entities' }, entities);
    checkMapperName('BigtableMapperModule.forFeature', name);
    const providers: Provider[] = entities.map((entity) => ({
      provide: getRepositoryToken(entity, name),
      useFactory: (mapper: Mapper) => mapper.repository(entity),
      inject: [getMapperToken(name)],
    }));
    return { module: BigtableMapperModule, providers, exports: providers };
  }
}
