// Issue 23, item 12: no emulator outlives the process that started it, under CPU load and whatever becomes of the
// watchdog between them (starved, stopped, killed). A zombie counts as ended (see processAlive).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../src/testing/start-emulator.js';
import type { EmulatorHandle } from '../../../src/testing/emulator-handle.js';
import { processAlive as alive } from '../../support/process-alive.js';

/** The parent pid of `pid` (field 4 of /proc/<pid>/stat): the emulator's parent is its watchdog. */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

async function endsWithin(pids: readonly number[], ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (pids.some(alive)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Busy loops that keep every core of this machine (2 here) saturated until the test ends. */
function cpuLoad(loops = 4): void {
  const children = Array.from({ length: loops }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  cleanups.push(() => children.forEach((child) => child.kill('SIGKILL')));
}

async function ownEmulator(): Promise<{ handle: EmulatorHandle; pid: number; watchdog: number }> {
  const handle = await startEmulator({ env: { ...process.env, BIGTABLE_EMULATOR_HOST: '' } });
  const pid = handle.pid!;
  expect(pid).toBeGreaterThan(0);
  const watchdog = parentOf(pid);
  cleanups.push(() => {
    signal(watchdog, 'SIGCONT');
    signal(pid, 'SIGKILL');
  });
  return { handle, pid, watchdog };
}

/** Starts an emulator from a child node process (the fixture); resolves once it is serving. */
async function emulatorOfChild(
  mode: 'hang' | 'exit' = 'hang',
): Promise<{ child: ChildProcess; pid: number; watchdog: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/fixtures/testing/start-and-hang.ts', mode],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => child.kill('SIGKILL'));
  const pid = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY \S+ (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`child exited before READY with ${code}`)));
  });
  const watchdog = mode === 'hang' ? parentOf(pid) : 0;
  cleanups.push(() => {
    if (watchdog) signal(watchdog, 'SIGCONT');
    signal(pid, 'SIGKILL');
  });
  return { child, pid, watchdog };
}

// Generous bounds against hangs, not timing claims: the kernel ends a SIGKILLed process in milliseconds.
const GONE_MS = 20_000;

describe('no emulator is left behind', { timeout: 120_000 }, () => {
  it('start and stop under CPU load: emulator and watchdog both gone', async () => {
    cpuLoad();
    for (let i = 0; i < 3; i++) {
      const { handle, pid, watchdog } = await ownEmulator();
      await handle.stop();
      expect(alive(pid), `emulator after stop #${i}`).toBe(false);
      expect(await endsWithin([watchdog], GONE_MS), `watchdog after stop #${i}`).toBe(true);
    }
  });

  it('SIGKILL of the watchdog, then stop(): resolves, the emulator is gone', async () => {
    const { handle, pid, watchdog } = await ownEmulator();
    signal(watchdog, 'SIGKILL');
    await handle.stop();
    expect(alive(pid)).toBe(false);
    expect(alive(watchdog)).toBe(false);
  });

  it('SIGSTOP of the watchdog, then stop(): resolves, the emulator and the watchdog are gone', async () => {
    const { handle, pid, watchdog } = await ownEmulator();
    signal(watchdog, 'SIGSTOP');
    await handle.stop();
    expect(alive(pid)).toBe(false);
    expect(await endsWithin([watchdog], GONE_MS)).toBe(true);
  });

  it('SIGKILL of the process that started it, under CPU load: the emulator is gone', async () => {
    cpuLoad();
    const { child, pid, watchdog } = await emulatorOfChild();
    child.kill('SIGKILL');
    expect(await endsWithin([pid, watchdog], GONE_MS)).toBe(true);
  });

  it('SIGKILL of the process that started it while its watchdog is stopped: the emulator is gone', async () => {
    // Nothing the watchdog could do: the kernel's parent-death signal (setpriv --pdeathsig) ends both.
    const { child, pid, watchdog } = await emulatorOfChild();
    signal(watchdog, 'SIGSTOP');
    child.kill('SIGKILL');
    expect(await endsWithin([pid, watchdog], GONE_MS)).toBe(true);
  });

  it('the process that started it exits without stop(): the emulator is gone', async () => {
    const { child, pid } = await emulatorOfChild('exit');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    expect(await endsWithin([pid], GONE_MS)).toBe(true);
  });
});
