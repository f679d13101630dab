import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { getEntityMetadata } from '../metadata/entity-registry.js';
import type { EntityClass } from '../metadata/entity-metadata.js';
import { Mapper } from '../repository/mapper.js';
import type { RepositoryOptions } from '../repository/repository-options.js';
import { BigtableConnection } from '../transport/bigtable-connection.js';
import { deleteTable } from '../transport/table-admin.js';
import { EMULATOR_HOST_KEY } from './emulator-global-setup.js';
import { EMULATOR_INSTANCE, EMULATOR_PROJECT } from './test-table.js';

/**
 * Registers vitest hooks that connect a {@link Mapper} to the run's emulator and create a fresh table (unique id,
 * every declared family with its GC rule and aggregate type) for each table the given entities declare; the tables
 * are deleted after the file. Returns an accessor, valid inside tests.
 *
 * @example
 * ```ts
 * const mapper = useMapper([Video, Comment]);
 * it('saves', async () => { await mapper().repository(Video).save(video); });
 * ```
 */
export function useMapper(
  entities: readonly EntityClass[],
  options: Omit<RepositoryOptions, 'tableIds'> = {},
): () => Mapper {
  let mapper: Mapper | undefined;
  let tableIds: Record<string, string> = {};
  beforeAll(async () => {
    const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
    const emulatorHost = typeof injected === 'string' ? injected : process.env.BIGTABLE_EMULATOR_HOST;
    if (!emulatorHost) throw new Error('useMapper needs the emulator global setup (emulatorGlobalSetup)');
    const byTable = new Map<string, EntityClass[]>();
    for (const entity of entities) {
      const table = getEntityMetadata(entity).table;
      byTable.set(table, [...(byTable.get(table) ?? []), entity]);
    }
    tableIds = Object.fromEntries(
      [...byTable.keys()].map((t) => [t, `${t.slice(0, 30)}_${randomBytes(5).toString('hex')}`]),
    );
    const connection = BigtableConnection.connect({
      projectId: EMULATOR_PROJECT,
      instanceId: EMULATOR_INSTANCE,
      emulatorHost,
    });
    mapper = new Mapper(connection, { ...options, tableIds });
    for (const group of byTable.values()) await mapper.createTable(...group);
  });
  afterAll(async () => {
    if (!mapper) return;
    for (const id of Object.values(tableIds)) await deleteTable(mapper.connection, id).catch(() => undefined);
    await mapper.close();
  });
  return () => {
    if (!mapper) throw new Error('useMapper(): the mapper exists only inside tests (after beforeAll)');
    return mapper;
  };
}
