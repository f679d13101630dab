import { describe, expect, it } from 'vitest';
import { examples } from '../../examples/examples.js';
import { runExample } from '../../examples/run-example.js';

describe('examples (each asserts its own results; tables come from mapper.ensureSchema)', () => {
  it('have unique ids', () => {
    expect(new Set(examples.map((e) => e.id)).size).toBe(examples.length);
  });

  it.each(examples.map((e) => [e.id, e] as const))('%s', async (_id, example) => {
    const { lines, tables } = await runExample(example, {
      emulatorHost: process.env.BIGTABLE_EMULATOR_HOST!,
    });
    expect(lines.length).toBeGreaterThan(0);
    for (const table of tables) {
      expect(table.rowCount, `${example.id}: rows stored in ${table.table}`).toBeGreaterThan(0);
      expect(table.cbt.split('-'.repeat(40) + '\n').length - 1).toBe(table.rowCount);
    }
  });
});
