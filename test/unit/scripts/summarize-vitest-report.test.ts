import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summarizeVitestReport } from '../../../scripts/summarize-vitest-report.mjs';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/vitest-reports/${name}.json`, import.meta.url), 'utf8'));
const summarize = (name: string) => summarizeVitestReport(fixture(name), { root: '/repo' });

describe('summarizeVitestReport', () => {
  it('counts a test file that failed to load as a failure and names it', () => {
    const s = summarize('failed-to-load');
    expect(s.line).toBe('vitest: 1 passed, 1 failed, 0 skipped');
    expect(s.ok).toBe(false);
    expect(s.failedTests).toBe(0);
    expect(s.failedFiles).toEqual([
      {
        file: 'test/unit/broken.test.ts',
        message: "Cannot find module './does-not-exist.js' imported from /repo/test/unit/broken.test.ts",
      },
    ]);
    expect(s.problems.join('\n')).toContain('test/unit/broken.test.ts: Cannot find module');
  });

  it('adds failed files to failed tests, and does not count a file whose own tests failed twice', () => {
    const s = summarize('failed-test-and-file');
    expect(s.line).toBe('vitest: 1 passed, 2 failed, 0 skipped');
    expect(s.failedFiles.map((f) => f.file)).toEqual(['test/unit/syntax.test.ts']);
    // Only the first line of a multi-line load error goes into the list.
    expect(s.problems[0]).toBe(
      '1 test file(s) failed to load or to finish:\n  test/unit/syntax.test.ts: Transform failed with 1 error:',
    );
  });

  it('refuses skipped and todo tests and lists them', () => {
    const s = summarize('skipped');
    expect(s.line).toBe('vitest: 1 passed, 0 failed, 2 skipped');
    expect(s.ok).toBe(false);
    expect(s.skipped).toEqual([
      'test/unit/codec.test.ts > codec later',
      'test/unit/codec.test.ts > codec someday',
    ]);
  });

  it('passes an all-green run', () => {
    const s = summarize('all-green');
    expect(s).toMatchObject({ line: 'vitest: 3 passed, 0 failed, 0 skipped', ok: true, problems: [] });
  });

  it('fails a run in which no test ran', () => {
    const s = summarize('zero-tests');
    expect(s.line).toBe('vitest: 0 passed, 0 failed, 0 skipped');
    expect(s.ok).toBe(false);
    expect(s.problems).toEqual(['no test ran']);
  });

  it('fails a report that is not a vitest report at all', () => {
    expect(summarizeVitestReport(null).ok).toBe(false);
    expect(summarizeVitestReport({ testResults: 'nope' }).problems).toEqual(['no test ran']);
  });

  it('keeps absolute file names when no root is given', () => {
    expect(summarizeVitestReport(fixture('failed-to-load')).failedFiles[0]?.file).toBe(
      '/repo/test/unit/broken.test.ts',
    );
  });
});
