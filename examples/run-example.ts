// Runs one example the way a user would set it up: a Mapper on the emulator whose tables are created by the schema
// code (`mapper.ensureSchema`, checked idempotent), then the example, then a byte-exact read of what it stored.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { BigtableConnection, getEntityMetadata, Mapper } from 'bigtable-mapper';
import { describeChange } from 'bigtable-mapper/schema';
import { EMULATOR_INSTANCE, EMULATOR_PROJECT } from 'bigtable-mapper/testing';
import type { Example } from './example.js';
import { formatCbtRows } from './format-cbt-rows.js';
import { storedRows } from './stored-rows.js';

/** Options of {@link runExample}. */
export interface RunExampleOptions {
  /** `host:port` of the emulator. */
  readonly emulatorHost: string;
  /**
   * Keep the tables afterwards, under fixed ids (`<example id>_<table>`, emptied first when they exist) so that they
   * can be read with cbt. Default: fresh ids with a random suffix, dropped at the end.
   */
  readonly keep?: boolean;
}

/** One table an example used: its declared name, its id on the emulator, and its rows as `cbt read` prints them. */
export interface ExampleTable {
  readonly table: string;
  readonly tableId: string;
  readonly rowCount: number;
  readonly cbt: string;
}

/** What an example printed and stored. */
export interface ExampleOutcome {
  /** The changes `mapper.ensureSchema` made to create the example's tables, as `formatPlan` words them. */
  readonly schema: readonly string[];
  readonly lines: readonly string[];
  readonly tables: readonly ExampleTable[];
}

/**
 * Creates the example's tables through `mapper.ensureSchema`, runs it (its own assertions throw on a wrong result),
 * and reads back every row it stored.
 *
 * @example
 * ```ts
 * const { lines, tables } = await runExample(productCatalog, { emulatorHost: '127.0.0.1:8086' });
 * ```
 */
export async function runExample(example: Example, options: RunExampleOptions): Promise<ExampleOutcome> {
  const tables = [...new Set(example.entities.map((e) => getEntityMetadata(e).table))];
  const suffix = options.keep ? '' : `_${randomBytes(4).toString('hex')}`;
  const tableIds = Object.fromEntries(tables.map((t) => [t, `${example.id}_${t}${suffix}`]));
  let clock: number | undefined;
  const connection = BigtableConnection.connect({
    projectId: EMULATOR_PROJECT,
    instanceId: EMULATOR_INSTANCE,
    emulatorHost: options.emulatorHost,
  });
  const mapper = new Mapper(connection, { tableIds, now: () => clock ?? Date.now() });
  const dropTables = async (): Promise<void> => {
    const plan = await mapper.schema.plan([], { pruneTables: Object.values(tableIds) });
    await mapper.schema.apply(plan, { allowDestructive: true });
  };
  try {
    if (options.keep) await dropTables(); // a kept table from an earlier run would hold that run's rows
    const created = await mapper.ensureSchema(example.entities);
    const again = await mapper.ensureSchema(example.entities);
    assert.deepEqual(again.applied, [], `ensureSchema is idempotent for ${example.id}`);
    const lines = await example.run(mapper, {
      setClock: (at) => {
        clock = at?.getTime();
      },
    });
    const printed: ExampleTable[] = [];
    for (const table of tables) {
      const rows = await storedRows(mapper, tableIds[table]!);
      printed.push({ table, tableId: tableIds[table]!, rowCount: rows.length, cbt: formatCbtRows(rows) });
    }
    return { schema: created.applied.map(describeChange), lines, tables: printed };
  } finally {
    if (!options.keep) await dropTables().catch(() => undefined); // the example's own failure is the one to report
    await mapper.close();
  }
}
