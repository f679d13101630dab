// The demo: install what is needed, start the Bigtable emulator, run every example, print what each did and the
// rows it stored. `npm run demo -- --keep` keeps the tables (and the emulator) for inspection with cbt.
import { ensureDeps, run } from './ensure-deps.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
ensureDeps();
// Ctrl-C reaches the demo too: it stops its emulator and exits; wait for that instead of dying first.
process.on('SIGINT', () => {});
try {
  run('npx', ['tsx', 'examples/run-all.ts', ...process.argv.slice(2)]);
} catch (error) {
  // The demo printed its own failures; a stack of this wrapper would only hide them.
  process.exit(error.signal === 'SIGINT' ? 130 : (error.status ?? 1));
}
