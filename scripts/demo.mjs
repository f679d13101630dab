// The demo: install what is needed, start the Bigtable emulator, run every example, print what each did and the
// rows it stored. `npm run demo -- --keep` keeps the tables (and the emulator) for inspection with cbt.
import { ensureDeps, run } from './ensure-deps.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
ensureDeps();
run('npx', ['tsx', 'examples/run-all.ts', ...process.argv.slice(2)]);
