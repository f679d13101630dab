// The demo (`npm run demo`): starts the Bigtable emulator, runs every example on fresh tables, prints what each
// did. Every example asserts its own results, so a wrong answer fails the demo.
import { startEmulator, TestMapper } from 'bigtable-mapper/testing';
import { examples } from './examples.js';

const emulator = await startEmulator();
let failed = false;
try {
  console.log(`Bigtable emulator on ${emulator.hostPort} (${emulator.source})\n`);
  for (const example of examples) {
    const t = await TestMapper.create(example.entities, { emulatorHost: emulator.hostPort });
    try {
      console.log(`▶ ${example.name}`);
      for (const line of await example.run(t.mapper)) console.log(`  ${line}`);
      console.log('  ✓ assertions passed\n');
    } catch (error) {
      failed = true;
      console.error(`  ✗ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    } finally {
      await t.dispose();
    }
  }
} finally {
  await emulator.stop();
}
process.exit(failed ? 1 : 0);
