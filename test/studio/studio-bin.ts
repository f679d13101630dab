// `bigtable-mapper studio` as a child process of a test: the BUILT bin (run `npm run build` first) started with
// its arguments, its printed URL awaited; shared by the HTTP test (studio-cli.test.ts) and the browser test.
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { BIN, REPO, TSCONFIG, cleanEnv, emulatorHost } from '../cli/run-bin.js';

export type Child = ChildProcessByStdio<null, Readable, Readable>;

/** `studio` over the CLI tests' Device fixture (a .ts module, loaded through tsx). */
export const STUDIO = ['studio', '--entities', 'test/fixtures/cli/devices.ts', ...TSCONFIG];

/** Starts the bin; `url` resolves to the URL it prints (plain or `--json`), rejects if it exits first. */
export function startBin(args: readonly string[]): {
  child: Child;
  url: Promise<string>;
  output: () => string;
} {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: REPO,
    env: cleanEnv({ BIGTABLE_EMULATOR_HOST: emulatorHost() }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = /^studio: (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)$/m.exec(stdout);
      if (match) resolve(match[1]!);
      const json = /^(\{"url":.*\})$/m.exec(stdout);
      if (json) resolve((JSON.parse(json[1]!) as { url: string }).url);
    });
    child.on('exit', (code) =>
      reject(new Error(`studio exited (${code}) before printing its URL:\n${stdout}\n${stderr}`)),
    );
  });
  return { child, url, output: () => `${stdout}\n${stderr}` };
}

/** The child's exit, now or when it comes. */
export function exited(child: Child): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** Whether a process with this id still runs. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
