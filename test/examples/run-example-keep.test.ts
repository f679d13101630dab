import { BigtableConnection, Mapper } from 'bigtable-mapper';
import { EMULATOR_INSTANCE, EMULATOR_PROJECT } from 'bigtable-mapper/testing';
import { describe, expect, it } from 'vitest';
import { Product, productCatalog } from '../../examples/product-catalog.js';
import { runExample } from '../../examples/run-example.js';

const emulatorHost = (): string => process.env.BIGTABLE_EMULATOR_HOST!;

// The demo's --keep mode. Not in examples.test.ts: that file runs in both decorator modes at once, and kept tables
// have fixed ids, which two concurrent runs would share.
describe('runExample', () => {
  it('keep: the tables stay under fixed ids, and a second run starts from empty tables', async () => {
    const mapper = new Mapper(
      BigtableConnection.connect({
        projectId: EMULATOR_PROJECT,
        instanceId: EMULATOR_INSTANCE,
        emulatorHost: emulatorHost(),
      }),
      { tableIds: { catalog: 'catalog_catalog' } },
    );
    try {
      const first = await runExample(productCatalog, { emulatorHost: emulatorHost(), keep: true });
      expect(first.tables.map((t) => [t.tableId, t.rowCount])).toEqual([['catalog_catalog', 5]]);
      // Still there after the run; a row the example does not write must be gone after the next run.
      const stray = {
        category: 'socks',
        type: 'wool',
        brand: 'brandC',
        description: '-',
        price: 5,
        thumbnail: '-',
      };
      await mapper.repository(Product).save(Object.assign(new Product(), stray));
      expect(await mapper.repository(Product).scan().count()).toBe(6);
      const second = await runExample(productCatalog, { emulatorHost: emulatorHost(), keep: true });
      expect(second.tables.map((t) => [t.tableId, t.rowCount])).toEqual([['catalog_catalog', 5]]);
      expect(await mapper.repository(Product).scan().count()).toBe(5);
    } finally {
      const drop = await mapper.schema.plan([], { pruneTables: ['catalog_catalog'] });
      await mapper.schema.apply(drop, { allowDestructive: true });
      await mapper.close();
    }
  });
});
