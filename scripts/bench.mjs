// `npm run bench [-- --full] [-- --only <name>] [-- --profile]`: installs what is needed, starts its own emulator
// and runs the benchmark suite (bench/run.ts), which writes bench/RESULTS.md.
import { ensureDeps, run } from './ensure-deps.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
ensureDeps();
run('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)]);
