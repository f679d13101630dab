import { randomBytes } from 'node:crypto';
import { getEntityMetadata } from '../metadata/entity-registry.js';
import type { EntityClass } from '../metadata/entity-metadata.js';
import { Mapper } from '../repository/mapper.js';
import type { RepositoryOptions } from '../repository/repository-options.js';
import { checkRepositoryOptions } from '../repository/repository-options.js';
import { checkClasses, checkString } from '../errors/check-argument.js';
import { BigtableConnection } from '../transport/bigtable-connection.js';
import { CLEAN_UP, deleteTable } from '../transport/table-admin.js';
import { EMULATOR_INSTANCE, EMULATOR_PROJECT } from './test-table.js';
import { EmulatorUnavailableError } from '../errors/emulator-unavailable-error.js';

/**
 * Options of {@link TestMapper.create}: the repository options (table ids are chosen by the kit) and the emulator.
 *
 * @example
 * ```ts
 * const options: TestMapperOptions = { emulatorHost: '127.0.0.1:8086' };
 * ```
 */
export interface TestMapperOptions extends Omit<RepositoryOptions, 'tableIds'> {
  /** `host:port` of the emulator. Default: `BIGTABLE_EMULATOR_HOST`. */
  readonly emulatorHost?: string;
}

/**
 * The entities and options of a test mapper (`TestMapper.create`, `useMapper`), checked before any connection or
 * table is made.
 *
 * @example
 * ```ts
 * checkTestMapperArguments('useMapper', [Video], {});
 * ```
 */
export function checkTestMapperArguments(api: string, entities: unknown, options: unknown): void {
  checkClasses({ api, argument: 'entities' }, entities);
  checkRepositoryOptions(api, options);
  const host = (options as TestMapperOptions | undefined)?.emulatorHost;
  if (host !== undefined) checkString({ api, argument: 'options.emulatorHost' }, host, 'host:port');
}

/**
 * A {@link Mapper} on the emulator whose every declared table is a fresh one with a unique id, created by
 * `mapper.ensureSchema` (all families with their GC rules and aggregate types, and the row-key schema the entities
 * share), so that tests and examples never see each other's rows. `dispose()` deletes
 * the tables and closes the connection.
 *
 * @example
 * ```ts
 * const t = await TestMapper.create([Video, Comment], { emulatorHost: emulator.hostPort });
 * await t.mapper.repository(Video).save(video);
 * await t.dispose();
 * ```
 */
export class TestMapper {
  private constructor(
    readonly mapper: Mapper,
    /** Declared table name → the fresh table's id. */
    readonly tableIds: Readonly<Record<string, string>>,
  ) {}

  static async create(
    entities: readonly EntityClass[],
    options: TestMapperOptions = {},
  ): Promise<TestMapper> {
    checkTestMapperArguments('TestMapper.create', entities, options);
    const { emulatorHost = process.env.BIGTABLE_EMULATOR_HOST, ...repositoryOptions } = options;
    if (!emulatorHost)
      throw new EmulatorUnavailableError(
        'TestMapper needs an emulator: pass emulatorHost, set BIGTABLE_EMULATOR_HOST, or run startEmulator() or the global setup first',
      );
    const tables = new Set(entities.map((entity) => getEntityMetadata(entity).table));
    const tableIds = Object.fromEntries(
      [...tables].map((t) => [t, `${t.slice(0, 30)}_${randomBytes(5).toString('hex')}`]),
    );
    const connection = BigtableConnection.connect({
      projectId: EMULATOR_PROJECT,
      instanceId: EMULATOR_INSTANCE,
      emulatorHost,
    });
    const mapper = new Mapper(connection, { ...repositoryOptions, tableIds });
    const created = new TestMapper(mapper, tableIds);
    try {
      // The schema code users run (plan + apply): families, GC rules, aggregate types and the row-key schema.
      await mapper.ensureSchema(entities);
    } catch (error) {
      await created.dispose();
      throw error;
    }
    return created;
  }

  /** Deletes the tables (ignoring ones already gone) and closes the connection. */
  async dispose(): Promise<void> {
    for (const id of Object.values(this.tableIds)) {
      // One attempt: a test that killed its emulator must not wait out the admin retry window in its clean-up.
      await deleteTable(this.mapper.connection, id, CLEAN_UP).catch(() => undefined);
    }
    await this.mapper.close();
  }
}
