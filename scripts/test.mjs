// The whole test suite: typecheck, lint, build, then every vitest test (unit, property, golden, conformance and
// emulator integration). Skipped or todo tests fail the run: a test that cannot run must say why in code, not hide.
// A test file that fails to load counts as a failure in the closing line (see summarize-vitest-report.mjs).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ensureDeps, run } from './ensure-deps.mjs';
import { summarizeVitestReport } from './summarize-vitest-report.mjs';
import { randomUUID } from 'node:crypto';
import { emulatorPids, leftoverEmulators, RUN_MARKER } from './leftover-emulators.mjs';
import { findChromium } from './find-chromium.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
if (process.env.UPDATE_GOLDENS !== undefined) {
  // The test run checks goldens and never writes them; `npm run golden:update` does that.
  console.warn('[test] ignoring UPDATE_GOLDENS: use `npm run golden:update` to rewrite golden files');
  delete process.env.UPDATE_GOLDENS;
}
ensureDeps();

const step = (name, command, args) => {
  console.log(`\n[test] ${name}`);
  try {
    run(command, args);
  } catch {
    console.error(`[test] ${name} failed (output above)`);
    process.exit(1);
  }
};
// TEST_RUNTIME_ONLY=1 (set by .ci/run for the extra Node versions) skips the checks whose result cannot depend on
// the Node version running them: types, lint, format and the API report. The build and every test still run.
const staticChecks = process.env.TEST_RUNTIME_ONLY !== '1';
if (staticChecks) {
  step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  step('typecheck the studio browser app', 'npx', ['tsc', '-p', 'src/studio/ui/tsconfig.json']);
  step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
  step('import cycles', 'node', ['scripts/check-cycles.mjs']);
  step('format', 'npx', ['prettier', '--check', '.', '--log-level=warn']);
} else {
  console.log('\n[test] TEST_RUNTIME_ONLY=1: typecheck, lint, format and API report ran on the first Node');
}
rmSync('dist', { recursive: true, force: true }); // no stale .d.ts or .js of a moved or deleted source file
step('build', 'npx', ['tsc', '-p', 'tsconfig.build.json']);
step('build the studio browser app (into the package)', 'node', ['scripts/build-studio-ui.mjs']);
if (staticChecks) {
  step('api report (etc/*.api.md; `npm run api:update` after an intended API change)', 'node', [
    'scripts/api-report.mjs',
  ]);
}

// The studio's browser tests need a Chromium (Debian's `chromium`; .ci/run installs it). Without one they are left
// out, said plainly here and again at the end; under CI=true a missing browser fails the run instead.
const chromium = findChromium();
const projects = [];
let browserSkipped = '';
if (chromium === undefined) {
  const why =
    "no Chromium found (/usr/bin/chromium, or STUDIO_CHROMIUM): install Debian's `chromium` package";
  if (process.env.CI === 'true') {
    console.error(`[test] CI=true: the studio browser tests (test/studio-browser) must run, but ${why}`);
    process.exit(1);
  }
  browserSkipped = `[test] SKIPPED the studio browser tests (test/studio-browser): ${why} to run them`;
  console.log(`\n${browserSkipped}`);
  projects.push('--project', 'legacy', '--project', 'standard');
} else {
  console.log(`\n[test] the studio browser tests run on ${chromium}`);
}

const report = '.vitest-report.json';
rmSync(report, { force: true });
let failed = false;
// Every process the suite starts inherits this marker: the emulators still alive after it are the ones it left.
const runId = randomUUID();
process.env[RUN_MARKER] = runId;
try {
  console.log('\n[test] vitest');
  run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...projects,
    ...process.argv.slice(2),
  ]);
} catch {
  failed = true;
}
if (!existsSync(report)) {
  console.error('[test] vitest wrote no report');
  process.exit(1);
}
const summary = summarizeVitestReport(JSON.parse(readFileSync(report, 'utf8')), { root: process.cwd() });
for (const problem of summary.problems) console.error(`[test] ${problem}`);
if (failed && summary.ok)
  console.error('[test] vitest exited with an error although every test passed (output above)');
console.log(summary.line);
if (browserSkipped !== '') console.log(browserSkipped);
// Every emulator the suite started must be gone when it ends (tests, the kit and the global setup stop their own).
let leftBehind = [];
if (emulatorPids(runId) === undefined)
  console.log('[test] no /proc here: emulators left behind are not checked');
else leftBehind = await leftoverEmulators(runId);
if (leftBehind.length > 0)
  console.error(
    `[test] the suite left ${leftBehind.length} emulator process(es) running: pids ${leftBehind.join(', ')} (now killed)`,
  );
process.exit(failed || !summary.ok || leftBehind.length > 0 ? 1 : 0);
