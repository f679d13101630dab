import { readdirSync, readFileSync } from 'node:fs';
import { locateEmulator } from '../../../src/testing/locate-emulator.js';
import { spawnEmulator } from '../../../src/testing/spawn-emulator.js';
import { waitUntil } from './wait-until.js';

/**
 * An emulator of the test's own, for scenarios that freeze (SIGSTOP) or kill -9 it: the shared emulator of the
 * global setup must never be touched. `stop()` thaws it first (a stopped process ignores SIGTERM until continued)
 * and is safe to call after a kill.
 */
export interface PrivateEmulator {
  readonly hostPort: string;
  readonly pid: number;
  /** Sends SIGSTOP and resolves once every thread of the emulator is stopped (see {@link allThreadsStopped}). */
  freeze(): Promise<void>;
  thaw(): void;
  kill9(): void;
  stop(): Promise<void>;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone (e.g. thawing after a kill -9): nothing to do.
  }
}

/** The state letter of each thread of `pid` (`/proc/<pid>/task/<tid>/stat`); empty when the process is gone. */
export function threadStates(pid: number): string[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const states: string[] = [];
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      states.push(stat.charAt(stat.lastIndexOf(')') + 2));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return states;
}

/**
 * Whether every thread of `pid` is stopped. `kill(pid, SIGSTOP)` only queues the signal: each thread stops when it
 * next runs, and under CPU load the emulator's threads went on serving for milliseconds after kill() returned (a
 * whole 100-row scan, sent after the "freeze", was answered in 2 of 15 tries with three busy loops).
 */
export function allThreadsStopped(pid: number): boolean {
  const states = threadStates(pid);
  return states.length > 0 && states.every((state) => state === 'T');
}

/**
 * Starts `cbtemulator` on a free port (behind the test kit's watchdog, so it never outlives the run).
 *
 * @example
 * ```ts
 * const emulator = await startPrivateEmulator();
 * try { await emulator.freeze(); ... } finally { await emulator.stop(); }
 * ```
 */
export async function startPrivateEmulator(): Promise<PrivateEmulator> {
  const binary = locateEmulator(process.env, { gcloud: false });
  if (!binary) throw new Error('these scenarios need the cbtemulator binary (on PATH or in a gcloud SDK)');
  const handle = await spawnEmulator(binary);
  const pid = handle.pid;
  if (pid === undefined) {
    await handle.stop();
    throw new Error('spawnEmulator did not report the emulator pid');
  }
  return {
    hostPort: handle.hostPort,
    pid,
    freeze: async () => {
      signal(pid, 'SIGSTOP');
      if (!(await waitUntil(() => allThreadsStopped(pid), { maxPolls: 1000, everyMs: 10 })))
        throw new Error(
          `cbtemulator ${pid} did not stop after SIGSTOP: thread states ${threadStates(pid).join('')}`,
        );
    },
    thaw: () => signal(pid, 'SIGCONT'),
    kill9: () => signal(pid, 'SIGKILL'),
    stop: async () => {
      signal(pid, 'SIGCONT');
      await handle.stop();
    },
  };
}
