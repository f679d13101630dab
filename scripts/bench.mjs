// `npm run bench [-- --full] [-- --only <name>] [-- --profile]`: installs what is needed, compiles the library and
// the benchmark with tsc (the code users run), starts its own emulator and runs the suite, which writes
// bench/RESULTS.md.
import { rmSync } from 'node:fs';
import { ensureDeps, run } from './ensure-deps.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
ensureDeps();
rmSync('.tmp/bench-build', { recursive: true, force: true });
run('npx', ['tsc', '-p', 'tsconfig.bench.json']);
run('node', ['--enable-source-maps', '.tmp/bench-build/bench/run.js', ...process.argv.slice(2)]);
