import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { examples } from '../../examples/examples.js';
import { runExample } from '../../examples/run-example.js';

const emulatorHost = (): string => process.env.BIGTABLE_EMULATOR_HOST!;

const RULE = '-'.repeat(40);
const DOC = readFileSync(new URL('../../docs/examples.md', import.meta.url), 'utf8');

/** The row keys of `cbt read` output: the line after each rule. */
const rowKeys = (cbt: string): string[] => {
  const lines = cbt.split('\n');
  return lines.flatMap((line, i) => (line === RULE ? [lines[i + 1]!] : []));
};

/** What docs/examples.md shows of an example: the lines it printed and the keys of the rows it stored. */
function documented(id: string): { lines: string[]; keys: string[] } {
  const section = DOC.split('<a id="').find((s) => s.startsWith(`${id}"`)) ?? '';
  const block = /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const [printed = ''] = block.split('\n$ cbt read ');
  return { lines: printed.replace(/\n$/, '').split('\n'), keys: rowKeys(block) };
}

// Runs in both vitest projects (vitest.config.ts): the examples compiled as legacy and as standard decorators, each
// checked against the same docs/examples.md.
describe('examples (each asserts its own results; tables come from mapper.ensureSchema)', () => {
  it('have unique ids', () => {
    expect(new Set(examples.map((e) => e.id)).size).toBe(examples.length);
  });

  it.each(examples.map((e) => [e.id, e] as const))('%s', async (_id, example) => {
    const { schema, lines, tables } = await runExample(example, { emulatorHost: emulatorHost() });
    // Every table came from mapper.ensureSchema (the harness also checks that a second run changes nothing).
    expect(schema.filter((change) => change.startsWith('create table '))).toHaveLength(tables.length);
    expect(lines.length).toBeGreaterThan(0);
    for (const table of tables) {
      expect(table.rowCount, `${example.id}: rows stored in ${table.table}`).toBeGreaterThan(0);
      expect(rowKeys(table.cbt)).toHaveLength(table.rowCount);
    }
    // docs/examples.md shows this output (timestamps and cell versions aside); `npx tsx examples/update-doc.ts`
    // rewrites it after an intended change.
    expect(documented(example.id)).toEqual({ lines, keys: tables.flatMap((t) => rowKeys(t.cbt)) });
  });
});
