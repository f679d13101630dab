// The whole test suite: typecheck, lint, build, then every vitest test (unit, property, golden, conformance and
// emulator integration). Skipped or todo tests fail the run: a test that cannot run must say why in code, not hide.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ensureDeps, run } from './ensure-deps.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
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
step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
step('format', 'npx', ['prettier', '--check', '.', '--log-level=warn']);
rmSync('dist', { recursive: true, force: true }); // no stale .d.ts or .js of a moved or deleted source file
step('build', 'npx', ['tsc', '-p', 'tsconfig.build.json']);
step('api report (etc/*.api.md; `npm run api:update` after an intended API change)', 'node', [
  'scripts/api-report.mjs',
]);

const report = '.vitest-report.json';
rmSync(report, { force: true });
let failed = false;
try {
  console.log('\n[test] vitest');
  run('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ]);
} catch {
  failed = true;
}
if (!existsSync(report)) {
  console.error('[test] vitest wrote no report');
  process.exit(1);
}
const result = JSON.parse(readFileSync(report, 'utf8'));
const skipped = [];
for (const file of result.testResults ?? []) {
  for (const t of file.assertionResults ?? []) {
    if (t.status === 'pending' || t.status === 'skipped' || t.status === 'todo') skipped.push(t.fullName);
  }
}
if (skipped.length > 0) {
  console.error(`[test] ${skipped.length} skipped/todo test(s) are not allowed:\n  ${skipped.join('\n  ')}`);
  failed = true;
}
console.log(
  `vitest: ${result.numPassedTests} passed, ${result.numFailedTests} failed, ${skipped.length} skipped`,
);
if (result.numTotalTests === 0) failed = true;
process.exit(failed || result.numFailedTests > 0 ? 1 : 0);
