// Issue 23, item 12: no emulator outlives the process that started it, under CPU load and whatever becomes of the
// watchdog between them (starved, stopped, killed). A zombie counts as ended (see processAlive).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reapOrphanedEmulators, registryDir } from '../../../src/testing/emulator-registry.js';
import { locateEmulator } from '../../../src/testing/locate-emulator.js';
import { locateSetpriv } from '../../../src/testing/locate-setpriv.js';
import { freePort } from '../../../src/testing/spawn-emulator.js';
import { startEmulator } from '../../../src/testing/start-emulator.js';
import type { EmulatorHandle } from '../../../src/testing/emulator-handle.js';
import { processAlive as alive } from '../../support/process-alive.js';

/** Fields of /proc/<pid>/stat from field 3 (the state) on. */
function statOf(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The parent pid of `pid` (field 4): the emulator's parent is its watchdog. */
function parentOf(pid: number): number {
  return Number(statOf(pid)[1]);
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

const modes = [
  { name: 'with setpriv (the kernel guards too)', setpriv: true },
  { name: 'without setpriv (BIGTABLE_MAPPER_SETPRIV=0: the watchdog alone)', setpriv: false },
] as const;

describe.each(modes)('no emulator is left behind, $name', { timeout: 120_000 }, ({ setpriv }) => {
  beforeEach(() => {
    if (setpriv) expect(locateSetpriv(), 'this machine has util-linux setpriv').toBeDefined();
    else process.env.BIGTABLE_MAPPER_SETPRIV = '0';
    cleanups.push(() => delete process.env.BIGTABLE_MAPPER_SETPRIV);
  });

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

  it('the process that started it exits without stop(): the emulator is gone', async () => {
    const { child, pid } = await emulatorOfChild('exit');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    expect(await endsWithin([pid], GONE_MS)).toBe(true);
  });

  // Only the kernel can help when the watchdog is killed or stopped and nobody calls stop(): without setpriv these
  // cases are left to the reaper (below).
  if (setpriv) {
    it('SIGKILL of the watchdog alone: the kernel ends the emulator too', async () => {
      const { handle, pid, watchdog } = await ownEmulator();
      signal(watchdog, 'SIGKILL');
      expect(await endsWithin([pid], GONE_MS)).toBe(true);
      await handle.stop();
      expect(alive(pid)).toBe(false);
    });

    it('SIGKILL of the process that started it while its watchdog is stopped: the emulator is gone', async () => {
      // Nothing the watchdog could do: the kernel's parent-death signal (setpriv --pdeathsig) ends both.
      const { child, pid, watchdog } = await emulatorOfChild();
      signal(watchdog, 'SIGSTOP');
      child.kill('SIGKILL');
      expect(await endsWithin([pid, watchdog], GONE_MS)).toBe(true);
    });
  }
});

describe('the reaper', () => {
  it('kills a recorded emulator whose owner is gone, and nothing else', async () => {
    // Every other safeguard failed (no setpriv, watchdog and owner both killed): simulated by an emulator started
    // bare, in a group of its own, and records written as the kit writes them.
    const binary = locateEmulator(process.env, { gcloud: false });
    expect(binary).toBeDefined();
    const bare = async (): Promise<number> => {
      const child = spawn(binary!, ['-host', '127.0.0.1', '-port', String(await freePort())], {
        detached: true,
        stdio: 'ignore',
      });
      child.unref();
      cleanups.push(() => child.kill('SIGKILL'));
      return child.pid!;
    };
    const ended = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    const deadOwner = { pid: ended.pid!, start: statOf(ended.pid!)[19]! };
    await new Promise((resolve) => ended.once('exit', resolve));
    const me = { pid: process.pid, start: statOf(process.pid)[19]! };
    const record = (
      name: string,
      pid: number,
      start: string,
      owner: { pid: number; start: string },
    ): string => {
      const path = join(registryDir(), `test-${process.pid}-${name}.json`);
      mkdirSync(registryDir(), { recursive: true });
      writeFileSync(
        path,
        JSON.stringify({
          group: pid,
          emulatorPid: pid,
          emulatorStart: start,
          ownerPid: owner.pid,
          ownerStart: owner.start,
        }),
      );
      cleanups.push(() => rmSync(path, { force: true }));
      return path;
    };
    const orphan = await bare();
    const owned = await bare();
    const reused = await bare(); // stands for a pid the recorded emulator had, now another process's
    const orphanRecord = record('orphan', orphan, statOf(orphan)[19]!, deadOwner);
    const ownedRecord = record('owned', owned, statOf(owned)[19]!, me);
    const reusedRecord = record('reused', reused, 'not-its-start-time', deadOwner);

    expect(reapOrphanedEmulators()).toBeGreaterThanOrEqual(1);
    expect(await endsWithin([orphan], GONE_MS)).toBe(true);
    expect(alive(owned)).toBe(true);
    expect(alive(reused)).toBe(true);
    // The records of the orphan and of the pid that is no longer the emulator are dropped; the owned one stays.
    expect(existsSync(orphanRecord)).toBe(false);
    expect(existsSync(reusedRecord)).toBe(false);
    expect(existsSync(ownedRecord)).toBe(true);
  });
});
