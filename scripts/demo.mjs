// The demo: install what is needed, start the Bigtable emulator, run every example, print what each did.
import { ensureDeps, run } from './ensure-deps.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
ensureDeps();
run('npx', ['tsx', 'examples/run-all.ts']);
