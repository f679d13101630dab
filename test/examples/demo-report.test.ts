// The demo's report: explain lines and table headers name the table id the emulator really has (what `cbt read`
// takes), and the demo ends with a one-screen summary of examples, tables, rows and where to look next.
import { describe, expect, it } from 'vitest';
import { demoSummary, tableHeader, withRealTableNames } from '../../examples/demo-report.js';
import { friends } from '../../examples/friends.js';
import { productCatalog } from '../../examples/product-catalog.js';
import { runExample } from '../../examples/run-example.js';

const CBT = 'cbt -project test-project -instance test-instance';
const catalog = { table: 'catalog', tableId: 'catalog_catalog_5bede8ce', rowCount: 5, cbt: '' };

describe('demo report', () => {
  it("explain's table line names the real table id, and the declared name after it", () => {
    expect(
      withRealTableNames(['x', 'Product in table catalog', '  Product in table catalog'], [catalog]),
    ).toEqual([
      'x',
      'Product in table catalog_catalog_5bede8ce (declared as catalog)',
      '  Product in table catalog_catalog_5bede8ce (declared as catalog)',
    ]);
    // A table the example did not use, or one whose id is its name, is left as printed.
    expect(withRealTableNames(['Order in table orders'], [catalog])).toEqual(['Order in table orders']);
    expect(withRealTableNames(['P in table catalog'], [{ ...catalog, tableId: 'catalog' }])).toEqual([
      'P in table catalog',
    ]);
  });

  it('a table header starts with the real id; with --keep it is the cbt read command', () => {
    expect(tableHeader(catalog, CBT, true)).toBe(
      `$ ${CBT} read catalog_catalog_5bede8ce    # 5 row(s); the entities' table 'catalog'`,
    );
    expect(tableHeader(catalog, CBT, false)).toMatch(
      /^table catalog_catalog_5bede8ce \(the entities' table 'catalog'\), 5 row\(s\)/,
    );
  });

  it('the summary fits one screen: examples, tables by real id, rows, docs and the cbt command', () => {
    const outcome = { schema: [], lines: [], tables: [catalog] };
    const failedToo = demoSummary([{ example: productCatalog, outcome }, { example: friends }], {
      cbt: CBT,
      keep: false,
      emulatorHost: '127.0.0.1:8086',
    });
    expect(failedToo).toContain('Summary: 2 example(s) run, 1 passed, 1 failed (friends)');
    expect(failedToo).toContain('5 row(s) written to 1 table(s) (dropped at the end):');
    expect(failedToo).toContain('  catalog_catalog_5bede8ce     5 row(s)  catalog');
    expect(failedToo.join('\n')).toContain(`e.g. ${CBT} read catalog_catalog)`);
    const kept = demoSummary(
      [
        {
          example: productCatalog,
          outcome: { ...outcome, tables: [{ ...catalog, tableId: 'catalog_catalog' }] },
        },
      ],
      {
        cbt: CBT,
        keep: true,
        emulatorHost: '127.0.0.1:8086',
      },
    );
    expect(kept).toContain(`    ${CBT} read catalog_catalog`);
    expect(kept).toContain('    export BIGTABLE_EMULATOR_HOST=127.0.0.1:8086');
    expect(kept.join('\n')).toContain('docs/examples.md');
    expect(kept.length).toBeLessThanOrEqual(24);
  });

  it('on the emulator: the catalog explain, run with a random table id, names that id', async () => {
    const outcome = await runExample(productCatalog, { emulatorHost: process.env.BIGTABLE_EMULATOR_HOST! });
    const [table] = outcome.tables;
    expect(table!.tableId).toMatch(/^catalog_catalog_[0-9a-f]{8}$/);
    expect(outcome.lines).toContain('  Product in table catalog');
    expect(withRealTableNames(outcome.lines, outcome.tables)).toContain(
      `  Product in table ${table!.tableId} (declared as catalog)`,
    );
  });
});
