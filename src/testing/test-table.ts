import { randomBytes } from 'node:crypto';
import type { FamilySpec } from '../model/family-spec.js';
import { BigtableConnection } from '../transport/bigtable-connection.js';
import { Mapper } from '../repository/mapper.js';
import { CLEAN_UP, deleteTable } from '../transport/table-admin.js';
import { EmulatorUnavailableError } from '../errors/emulator-unavailable-error.js';
import { checkObject, checkOptions, checkString } from '../errors/check-argument.js';

/** Project and instance names used against the emulator (it accepts any). */
export const EMULATOR_PROJECT = 'test-project';
export const EMULATOR_INSTANCE = 'test-instance';

/**
 * Options of {@link TestTable.create}.
 *
 * @example
 * ```ts
 * const options: TestTableOptions = { prefix: 'devices', emulatorHost: '127.0.0.1:8086' };
 * ```
 */
export interface TestTableOptions {
  /** Start of the table id (sanitised, at most 30 characters); a random suffix follows. Default `t`. */
  readonly prefix?: string;
  /** `host:port` of the emulator. Default: `BIGTABLE_EMULATOR_HOST`. */
  readonly emulatorHost?: string;
}

/**
 * The families and options of a test table (`TestTable.create`, `useTestTable`), checked before any connection is
 * made: an object of family specs by name, a string prefix, a `host:port`.
 *
 * @example
 * ```ts
 * checkTestTableArguments('useTestTable', { stats: {} }, { prefix: 'devices' });
 * ```
 */
export function checkTestTableArguments(api: string, families: unknown, options: unknown): void {
  checkObject({ api, argument: 'families' }, families, 'an object of family specs by name');
  for (const [name, spec] of Object.entries(families))
    checkObject({ api, argument: `families.${name}` }, spec, 'a family spec ({}, { gcRule }, { aggregate })');
  checkOptions({ api, argument: 'options' }, options);
  const { prefix, emulatorHost } = (options ?? {}) as TestTableOptions;
  if (prefix !== undefined) checkString({ api, argument: 'options.prefix' }, prefix);
  if (emulatorHost !== undefined)
    checkString({ api, argument: 'options.emulatorHost' }, emulatorHost, 'host:port');
}

/**
 * A freshly created table of its own, with the connection used to create it. `dispose()` deletes the table and
 * closes the connection.
 *
 * @example
 * ```ts
 * const t = await TestTable.create({ stats: {} });
 * await t.dispose();
 * ```
 */
export class TestTable {
  private constructor(
    readonly connection: BigtableConnection,
    readonly tableId: string,
  ) {}

  /** Full resource name, `projects/.../tables/...`. */
  get tableName(): string {
    return this.connection.tablePath(this.tableId);
  }

  /**
   * Creates a table with a unique id on the emulator named by `emulatorHost` (default `BIGTABLE_EMULATOR_HOST`).
   *
   * @example
   * ```ts
   * const t = await TestTable.create({ f: { gcRule: { maxVersions: 1 } } }, { prefix: 'devices' });
   * ```
   */
  static async create(
    families: Readonly<Record<string, FamilySpec>>,
    options: TestTableOptions = {},
  ): Promise<TestTable> {
    checkTestTableArguments('TestTable.create', families, options);
    const emulatorHost = options.emulatorHost ?? process.env.BIGTABLE_EMULATOR_HOST;
    if (!emulatorHost)
      throw new EmulatorUnavailableError(
        'TestTable needs an emulator: pass emulatorHost, set BIGTABLE_EMULATOR_HOST, or run startEmulator() or the global setup first',
      );
    const connection = BigtableConnection.connect({
      projectId: EMULATOR_PROJECT,
      instanceId: EMULATOR_INSTANCE,
      emulatorHost,
    });
    const prefix = (options.prefix ?? 't').replace(/[^-_.a-zA-Z0-9]/g, '_').slice(0, 30);
    const tableId = `${prefix}_${randomBytes(6).toString('hex')}`;
    try {
      // The schema code users run (plan + apply), from families instead of entities.
      await new Mapper(connection).schema.ensureTables([
        {
          tableId,
          families,
          rowKeySchema: { state: 'none', reason: 'a test table declared by its families' },
        },
      ]);
    } catch (error) {
      await connection.close();
      throw error;
    }
    return new TestTable(connection, tableId);
  }

  /** Deletes the table (ignoring a table already gone) and closes the connection. */
  async dispose(): Promise<void> {
    try {
      await deleteTable(this.connection, this.tableId, CLEAN_UP);
    } catch {
      // The emulator may already be gone at the end of a failed run; the table dies with it.
    } finally {
      await this.connection.close();
    }
  }
}
