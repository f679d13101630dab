// `bigtable-mapper emulator start` as a subprocess: prints the export line, serves on that port, and stops the
// emulator (and itself) on SIGTERM or SIGINT.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, REPO } from './run-bin.js';

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether the port stops accepting within `ms` (the watchdog SIGKILLs the emulator; the kernel closes it soon after). */
async function refusedWithin(host: string, port: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (await accepts(host, port)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

async function startAndStop(
  args: readonly string[],
  signal: NodeJS.Signals,
): Promise<{ firstLine: string; servedWhileRunning: boolean; code: number | null; stderr: string }> {
  // BIGTABLE_EMULATOR_HOST of the run is set on purpose: the command must start its own emulator anyway.
  const env = cleanEnv({ BIGTABLE_EMULATOR_HOST: '127.0.0.1:1' });
  const child = spawn(process.execPath, [BIN, ...args, 'emulator', 'start'], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0]!);
    });
    void closed.then(() => reject(new TypeError(`exited before printing a line: ${stderr}`)));
  });
  const hostPort = firstLine.match(/(127\.0\.0\.1):(\d+)/);
  const servedWhileRunning = hostPort !== null && (await accepts(hostPort[1]!, Number(hostPort[2])));
  child.kill(signal);
  const code = await closed;
  if (hostPort) expect(await refusedWithin(hostPort[1]!, Number(hostPort[2]), 3_000)).toBe(true);
  return { firstLine, servedWhileRunning, code, stderr };
}

// Each test starts node and an emulator and stops them; on a machine running other suites that took over a minute.
describe('bigtable-mapper emulator start', { timeout: 150_000 }, () => {
  it('prints the export line, serves there, and stops on SIGTERM with exit 0', async () => {
    const run = await startAndStop([], 'SIGTERM');
    expect(run.firstLine).toMatch(/^export BIGTABLE_EMULATOR_HOST=127\.0\.0\.1:\d+$/);
    expect(run.servedWhileRunning).toBe(true);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Stopped the emulator (SIGTERM).');
  });

  it('--json prints host, port and source; SIGINT stops it too', async () => {
    const run = await startAndStop(['--json'], 'SIGINT');
    const started = JSON.parse(run.firstLine) as {
      host: string;
      port: number;
      hostPort: string;
      source: string;
    };
    expect(started).toMatchObject({
      host: '127.0.0.1',
      source: 'binary',
      hostPort: `127.0.0.1:${started.port}`,
    });
    expect(run.servedWhileRunning).toBe(true);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Stopped the emulator (SIGINT).');
  });
});
