// What the demo prints around each example and at its end: table headers and explain lines with the table ids the
// emulator really has (`catalog_catalog_5bede8ce`, what `cbt read` needs), not only the names the entities declare
// (`catalog`), and a one-screen summary. Pure: examples/run-all.ts prints what these return.
import type { Example } from './example.js';
import type { ExampleOutcome, ExampleTable } from './run-example.js';

/**
 * The example's printed lines with each `… in table <declared name>` (how `explain()` names a table) followed by
 * the id that table has on the emulator, so that a reader can `cbt read` what the explain describes.
 *
 * @example
 * ```ts
 * withRealTableNames(['Product in table catalog'], [{ table: 'catalog', tableId: 'catalog_catalog_5bede8ce', rowCount: 5, cbt: '' }]);
 * // ['Product in table catalog_catalog_5bede8ce (declared as catalog)']
 * ```
 */
export function withRealTableNames(lines: readonly string[], tables: readonly ExampleTable[]): string[] {
  const ids = new Map(tables.map((t) => [t.table, t.tableId]));
  return lines.map((line) =>
    line.replace(/ in table ([A-Za-z0-9_.-]+)$/, (whole, name: string) => {
      const id = ids.get(name);
      return id === undefined || id === name ? whole : ` in table ${id} (declared as ${name})`;
    }),
  );
}

/**
 * The line above a table's rows: its real id first (what `cbt read` takes), then the name its entities declare.
 *
 * @example
 * ```ts
 * tableHeader({ table: 'catalog', tableId: 'catalog_catalog', rowCount: 5, cbt: '' }, 'cbt -project p -instance i', true);
 * // "$ cbt -project p -instance i read catalog_catalog    # 5 row(s); the entities' table 'catalog'"
 * ```
 */
export function tableHeader(table: ExampleTable, cbt: string, keep: boolean): string {
  return keep
    ? `$ ${cbt} read ${table.tableId}    # ${table.rowCount} row(s); the entities' table '${table.table}'`
    : `table ${table.tableId} (the entities' table '${table.table}'), ${table.rowCount} row(s), as \`cbt read\` ` +
        `prints them (dropped at the end; --keep keeps it):`;
}

/** One example's result, for {@link demoSummary}. */
export interface DemoResult {
  readonly example: Example;
  /** Absent when the example failed. */
  readonly outcome?: ExampleOutcome;
}

/**
 * The demo's last screen: how many examples ran and passed, every table by its real id with its rows, the rows
 * written in all, and where to look next (the docs, and the `cbt read` command of a kept table).
 *
 * @example
 * ```ts
 * console.log(demoSummary(results, { cbt: 'cbt -project test-project -instance test-instance', keep: false, emulatorHost: '127.0.0.1:8086' }).join('\n'));
 * ```
 */
export function demoSummary(
  results: readonly DemoResult[],
  options: { readonly cbt: string; readonly keep: boolean; readonly emulatorHost: string },
): string[] {
  const passed = results.filter((r) => r.outcome !== undefined);
  const failed = results.filter((r) => r.outcome === undefined);
  const tables = passed.flatMap((r) => r.outcome!.tables.map((t) => ({ id: r.example.id, t })));
  const rows = tables.reduce((sum, { t }) => sum + t.rowCount, 0);
  const width = Math.max(0, ...tables.map(({ t }) => t.tableId.length));
  const first = tables[0]?.t.tableId ?? '<table>';
  return [
    '═'.repeat(60),
    `Summary: ${results.length} example(s) run, ${passed.length} passed` +
      (failed.length ? `, ${failed.length} failed (${failed.map((r) => r.example.id).join(', ')})` : ''),
    `${rows} row(s) written to ${tables.length} table(s)${options.keep ? ' (kept)' : ' (dropped at the end)'}:`,
    ...tables.map(
      ({ id, t }) => `  ${t.tableId.padEnd(width)}  ${String(t.rowCount).padStart(4)} row(s)  ${id}`,
    ),
    '',
    'Where to look next:',
    '  docs/examples.md    each example: the seed design it follows, its code, what it prints',
    '  docs/getting-started.md, docs/entities.md, docs/queries.md, docs/single-table.md, docs/codegen.md',
    ...(options.keep
      ? [
          '  the kept tables, with cbt (from the gcloud SDK):',
          `    export BIGTABLE_EMULATOR_HOST=${options.emulatorHost}`,
          `    ${options.cbt} ls`,
          `    ${options.cbt} read ${first}`,
        ]
      : [
          '  to read the tables with cbt, run the demo again with --keep (they are then kept under fixed ids,',
          `  e.g. ${options.cbt} read ${passed[0] ? `${passed[0].example.id}_${passed[0].outcome!.tables[0]?.table ?? ''}` : first})`,
        ]),
  ];
}
