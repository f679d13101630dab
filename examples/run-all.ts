// The demo (`npm run demo`): runs every example on the emulator (the one BIGTABLE_EMULATOR_HOST names, else one
// started here), prints what each did and the rows it stored as `cbt read` prints them, tables by the ids they
// really have on the emulator, and ends with a one-screen summary. Every example asserts its
// own results, so a wrong answer fails the demo. `--keep` (or DEMO_KEEP=1) keeps the tables, and the emulator this
// demo started, so that they can be inspected with cbt afterwards.
import { EMULATOR_INSTANCE, EMULATOR_PROJECT, startEmulator } from 'bigtable-mapper/testing';
import type { DemoResult } from './demo-report.js';
import { demoSummary, tableHeader, withRealTableNames } from './demo-report.js';
import { examples } from './examples.js';
import { runExample } from './run-example.js';

const keep = process.argv.includes('--keep') || process.env.DEMO_KEEP === '1';
const emulator = await startEmulator();
const cbt = `cbt -project ${EMULATOR_PROJECT} -instance ${EMULATOR_INSTANCE}`;
const results: DemoResult[] = [];
try {
  console.log(`Bigtable emulator on ${emulator.hostPort} (${emulator.source})\n`);
  for (const example of examples) {
    console.log(`▶ ${example.name}\n  seed: ${example.seed}`);
    try {
      const outcome = await runExample(example, { emulatorHost: emulator.hostPort, keep });
      console.log('  tables created by mapper.ensureSchema:');
      for (const change of outcome.schema) console.log(`    ${change.replaceAll('\n', '\n  ')}`);
      for (const line of withRealTableNames(outcome.lines, outcome.tables)) console.log(`  ${line}`);
      console.log('  ✓ assertions passed\n');
      for (const table of outcome.tables) {
        console.log(tableHeader(table, cbt, keep));
        process.stdout.write(table.cbt);
      }
      results.push({ example, outcome });
    } catch (error) {
      results.push({ example });
      console.error(`  ✗ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
  }
  console.log(`\n${demoSummary(results, { cbt, keep, emulatorHost: emulator.hostPort }).join('\n')}`);
  if (keep && emulator.source !== 'env') {
    console.log('\nThe emulator keeps them in memory only: it runs until you press Ctrl-C.');
    await new Promise<void>((resolve) => {
      // Signal listeners do not keep Node's event loop alive (it would exit with code 13): a timer does.
      const alive = setInterval(() => undefined, 60_000);
      const stop = (): void => {
        clearInterval(alive);
        resolve();
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  }
} finally {
  await emulator.stop();
}
process.exit(results.some((r) => r.outcome === undefined) ? 1 : 0);
