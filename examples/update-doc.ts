// Rewrites the output blocks of docs/examples.md from a fresh run of every example (`npx tsx examples/update-doc.ts`;
// uses BIGTABLE_EMULATOR_HOST or starts an emulator). The prose stays as written; each section's ```text block
// becomes what the demo prints for that example: its lines, then its tables as `cbt read` prints them, in UTC.
// test/examples/examples.test.ts fails when the blocks no longer match what the examples print and store.
import { readFileSync, writeFileSync } from 'node:fs';
import { startEmulator } from 'bigtable-mapper/testing';
import { examples } from './examples.js';
import { runExample } from './run-example.js';

process.env.TZ = 'UTC'; // cbt prints local time; the doc says UTC

const DOC = new URL('../docs/examples.md', import.meta.url);
const emulator = await startEmulator();
try {
  let doc = readFileSync(DOC, 'utf8');
  for (const example of examples) {
    const { lines, tables } = await runExample(example, { emulatorHost: emulator.hostPort });
    let block = `${lines.join('\n')}\n`;
    for (const t of tables)
      block += `\n$ cbt read ${example.id}_${t.table}    # table '${t.table}'\n${t.cbt.trimEnd()}\n`;
    const section = new RegExp(`(<a id="${example.id}"></a>[\\s\\S]*?\`\`\`text\\n)[\\s\\S]*?(\`\`\`\\n)`);
    if (!section.test(doc)) throw new TypeError(`docs/examples.md has no output block for ${example.id}`);
    doc = doc.replace(section, (_m, head: string, tail: string) => `${head}${block}${tail}`);
  }
  writeFileSync(DOC, doc);
  console.log(`rewrote the output of ${examples.length} examples in docs/examples.md`);
} finally {
  await emulator.stop();
}
