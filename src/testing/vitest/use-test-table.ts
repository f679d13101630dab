import { afterAll, beforeAll, inject } from 'vitest';
import type { FamilySpec } from '../../model/family-spec.js';
import { EMULATOR_HOST_KEY } from './emulator-global-setup.js';
import { TestTable, checkTestTableArguments } from '../test-table.js';
import type { TestTableOptions } from '../test-table.js';
import { EmulatorUnavailableError } from '../../errors/emulator-unavailable-error.js';

/**
 * Registers vitest hooks that give the current test file its own fresh table on the run's emulator, deleted
 * after the file. Returns an accessor, valid inside tests.
 *
 * @example
 * ```ts
 * const table = useTestTable({ stats: { gcRule: { maxVersions: 1 } } });
 * it('writes', async () => {
 *   const mapper = new Mapper(table().connection, { tableIds: { devices: table().tableId } });
 *   await mapper.repository(Device).save(device);
 * });
 * ```
 */
export function useTestTable(
  families: Readonly<Record<string, FamilySpec>>,
  options: Pick<TestTableOptions, 'prefix'> = {},
): () => TestTable {
  checkTestTableArguments('useTestTable', families, options);
  let table: TestTable | undefined;
  beforeAll(async () => {
    const injected = (inject as (key: string) => unknown)(EMULATOR_HOST_KEY);
    const emulatorHost = typeof injected === 'string' ? injected : undefined;
    table = await TestTable.create(families, { ...options, ...(emulatorHost ? { emulatorHost } : {}) });
  });
  afterAll(async () => {
    await table?.dispose();
  });
  return () => {
    if (!table)
      throw new EmulatorUnavailableError(
        'useTestTable(): the table exists only inside tests (after beforeAll has started the emulator and created it)',
      );
    return table;
  };
}
