// Runs the BUILT `bigtable-mapper` bin as a subprocess, as users run it. `npm test` builds before vitest; a test
// file run alone needs `npm run build` first.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = fileURLToPath(new URL('../../dist/src/cli/bin.js', import.meta.url));
/** Flags that load the .ts fixtures with legacy decorators and without the repository's `paths`. */
export const TSCONFIG = ['--tsconfig', 'test/fixtures/cli/tsconfig.json'];

export interface BinResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The run's emulator (`host:port`), from the global setup. */
export function emulatorHost(): string {
  const host = (inject as (key: string) => unknown)('bigtableEmulatorHost');
  if (typeof host !== 'string') throw new TypeError('the global setup provided no emulator host');
  return host;
}

/** A fresh instance name: the emulator keeps tables per instance, so each test file gets its own. */
export function freshInstance(): string {
  return `cli-${randomBytes(4).toString('hex')}`;
}

/** A fresh scratch directory under .tmp/ (git-ignored), relative to the repository. */
export function scratchDir(): string {
  const dir = `.tmp/cli-${randomBytes(4).toString('hex')}`;
  mkdirSync(`${REPO}/${dir}`, { recursive: true });
  return dir;
}

/** The environment of a bin run: this process's, minus anything that would pick a connection by itself. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (
      v !== undefined &&
      !['BIGTABLE_EMULATOR_HOST', 'GOOGLE_CLOUD_PROJECT', 'BIGTABLE_INSTANCE'].includes(k)
    )
      env[k] = v;
  return { ...env, ...extra };
}

/** Runs the bin with `args` in the repository root and collects its exit code and output. */
export function runBin(
  args: readonly string[],
  env: Record<string, string> = cleanEnv(),
): Promise<BinResult> {
  if (!existsSync(BIN)) throw new TypeError(`${BIN} is missing: run \`npm run build\` before the CLI tests`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: REPO,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
