import { BigtableMapperError } from '../errors/bigtable-mapper-error.js';
import type { EntityClass } from '../metadata/entity-metadata.js';
import type { Mapper } from '../repository/mapper.js';
import { readRows } from '../transport/read-rows.js';
import { DEFAULT_MAPPER_NAME } from './tokens.js';
import { checkFunction, checkMilliseconds, checkObject, checkString } from '../errors/check-argument.js';
import { checkEntityClass, checkMapperName } from './check-nest-arguments.js';

/**
 * What `BigtableMapperHealthIndicator.isHealthy` checks: which table (through an entity of it), on which mapper, and
 * how long it may take.
 *
 * @example
 * ```ts
 * const options: BigtableHealthOptions = { entity: Device, timeoutMs: 1_000 };
 * ```
 */
export interface BigtableHealthOptions {
  /** An entity of the table to probe (its repository's table id, `tableIds` applied). */
  readonly entity: EntityClass;
  /** The mapper's name (`forRoot({ name })`); the default mapper when omitted. */
  readonly mapper?: string;
  /** Overall deadline of the probe, default 3,000 ms: a slower answer is reported as down. */
  readonly timeoutMs?: number;
}

/**
 * The health of one key, shaped as `@nestjs/terminus`'s `HealthIndicatorResult`: `up`, or `down` with the error's
 * message (and its library error code, when it has one).
 *
 * @example
 * ```ts
 * const result: BigtableHealthResult<'bigtable'> = { bigtable: { status: 'up' } };
 * ```
 */
export type BigtableHealthResult<K extends string> = {
  readonly [P in K]:
    { readonly status: 'up' } | { readonly status: 'down'; readonly message: string; readonly code?: string };
};

// A row key no entity writes: reading it is one point lookup that returns nothing.
const PROBE_KEY = Buffer.from('\u0000bigtable-mapper-health');

/**
 * A health indicator for `@nestjs/terminus` (`health.check([() => indicator.isHealthy('bigtable', { entity })])`):
 * one ReadRows of a single row key that is never written, on the entity's table — a cheap data-plane call that
 * proves the channel, the credentials, the instance, the table and read permission, without admin rights. It never
 * throws: a failure (or no answer within `timeoutMs`) is a `down` result, which terminus reports as 503.
 * `BigtableMapperModule.forRoot`/`forRootAsync` provide it (globally); it finds mappers by name when called.
 * It does not import terminus: `@nestjs/terminus` is needed only by the application that serves the health check.
 *
 * @example
 * ```ts
 * class HealthController {
 *   constructor(private readonly bigtable: BigtableMapperHealthIndicator) {}
 *   check() { return this.bigtable.isHealthy('bigtable', { entity: Device }); }
 * }
 * ```
 */
export class BigtableMapperHealthIndicator {
  /** `mapperOf(name)` returns the application's mapper of that name (the module passes a ModuleRef lookup). */
  constructor(private readonly mapperOf: (name: string) => Mapper) {
    checkFunction({ api: 'BigtableMapperHealthIndicator.constructor', argument: 'mapperOf' }, mapperOf);
  }

  /**
   * Probes the table of `options.entity` on the named mapper; resolves to `{ [key]: { status: 'up' } }` or
   * `{ [key]: { status: 'down', message, code? } }`.
   *
   * @example
   * ```ts
   * const result = await indicator.isHealthy('bigtable', { entity: Device, timeoutMs: 1_000 });
   * ```
   */
  async isHealthy<K extends string>(
    key: K,
    options: BigtableHealthOptions,
  ): Promise<BigtableHealthResult<K>> {
    // A wrong argument is the caller's bug, not the service's health: it is thrown, never reported as down.
    const api = 'BigtableMapperHealthIndicator.isHealthy';
    checkString({ api, argument: 'key' }, key, 'a result key (a non-empty string)');
    checkObject({ api, argument: 'options' }, options, 'health options ({ entity, mapper?, timeoutMs? })');
    checkEntityClass({ api, argument: 'options.entity' }, options.entity);
    checkMapperName(api, options.mapper, 'options.mapper');
    if (options.timeoutMs !== undefined)
      checkMilliseconds({ api, argument: 'options.timeoutMs' }, options.timeoutMs);
    try {
      const mapper = this.mapperOf(options.mapper ?? DEFAULT_MAPPER_NAME);
      const request = { rows: { rowKeys: [PROBE_KEY], rowRanges: [] }, rowsLimit: 1n };
      const rows = readRows(mapper.connection, mapper.repository(options.entity).tableId, request, {
        timeoutMs: options.timeoutMs ?? 3_000,
      });
      for await (const row of rows) void row;
      return { [key]: { status: 'up' } } as BigtableHealthResult<K>;
    } catch (error) {
      const down =
        error instanceof BigtableMapperError
          ? { status: 'down', message: error.message, code: error.code }
          : { status: 'down', message: error instanceof Error ? error.message : String(error) };
      return { [key]: down } as BigtableHealthResult<K>;
    }
  }
}
