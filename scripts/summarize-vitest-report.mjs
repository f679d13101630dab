// Turns vitest's JSON report into the suite's verdict and closing line. Pure (no I/O) so it can be unit tested with
// tiny fixture reports: a verdict that can only say "green" would hide a broken suite.
import { isAbsolute, relative } from 'node:path';

const NOT_RUN = new Set(['pending', 'skipped', 'todo']);

/**
 * A test file counts as failed to load when vitest marks it failed and either ran no test in it or attached a
 * file-level message (import error, syntax error, failing beforeAll/afterAll hook). Its tests never reach
 * `numFailedTests`, so without this a broken file would leave the closing line at "0 failed".
 *
 * @param {unknown} report the parsed `--reporter=json` output
 * @param {{ root?: string }} [options] file names are printed relative to `root` when given
 * @returns {import('./summarize-vitest-report.d.mts').VitestSummary}
 */
export function summarizeVitestReport(report, options = {}) {
  const files = Array.isArray(report?.testResults) ? report.testResults : [];
  const name = (file) =>
    options.root && isAbsolute(String(file.name))
      ? relative(options.root, String(file.name))
      : String(file.name);
  let passed = 0;
  let failedTests = 0;
  const skipped = [];
  const failedFiles = [];
  for (const file of files) {
    const assertions = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    for (const t of assertions) {
      if (t.status === 'passed') passed += 1;
      else if (t.status === 'failed') failedTests += 1;
      else if (NOT_RUN.has(t.status)) skipped.push(`${name(file)} > ${t.fullName}`);
    }
    const message = typeof file.message === 'string' ? file.message.trim() : '';
    if (file.status === 'failed' && (assertions.length === 0 || message !== '')) {
      failedFiles.push({ file: name(file), message: message || 'failed with no test results' });
    }
  }
  const failed = failedTests + failedFiles.length;
  const problems = [];
  if (failedFiles.length > 0) {
    problems.push(
      `${failedFiles.length} test file(s) failed to load or to finish:\n` +
        failedFiles.map((f) => `  ${f.file}: ${f.message.split('\n')[0]}`).join('\n'),
    );
  }
  if (skipped.length > 0) {
    problems.push(`${skipped.length} skipped/todo test(s) are not allowed:\n  ${skipped.join('\n  ')}`);
  }
  if (passed + failed + skipped.length === 0) problems.push('no test ran');
  return {
    passed,
    failedTests,
    failedFiles,
    skipped,
    failed,
    ok: failed === 0 && skipped.length === 0 && passed > 0,
    problems,
    line: `vitest: ${passed} passed, ${failed} failed, ${skipped.length} skipped`,
  };
}
