import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/** Set by `npm run golden:update` (scripts/update-goldens.mjs); `npm test` removes it, so a test run never writes. */
export const UPDATE_GOLDENS_ENV = 'UPDATE_GOLDENS';

export type GoldenOutcome = 'matched' | 'missing' | 'different' | 'written';

/**
 * Compares `actual` with the golden file byte for byte. Only with `update` is the file (re)written; otherwise a
 * missing file is as much a failure as a different one, so a golden is always something a person reviewed.
 */
export function checkGolden(actual: string, path: string, update: boolean): GoldenOutcome {
  const expected = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (expected === actual) return 'matched';
  if (update) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return 'written';
  }
  return expected === undefined ? 'missing' : 'different';
}

/**
 * Asserts that `actual` equals the golden file at `golden` (a file URL or path), writing it only under
 * `npm run golden:update`.
 *
 * @example
 * ```ts
 * expectGolden(text, new URL('./__golden__/prefix.json', import.meta.url));
 * ```
 */
export function expectGolden(actual: string, golden: URL | string): void {
  const path = golden instanceof URL ? fileURLToPath(golden) : golden;
  const outcome = checkGolden(actual, path, process.env[UPDATE_GOLDENS_ENV] === '1');
  if (outcome === 'missing') {
    expect.fail(`golden file ${path} is missing: run \`npm run golden:update\` and review what it writes`);
  }
  if (outcome === 'different') {
    // toBe shows the diff; the hint says how to accept it after review.
    expect(actual, `differs from ${path} (after review: npm run golden:update)`).toBe(
      readFileSync(path, 'utf8'),
    );
  }
}
