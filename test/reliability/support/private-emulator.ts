import { locateEmulator } from '../../../src/testing/locate-emulator.js';
import { spawnEmulator } from '../../../src/testing/spawn-emulator.js';

/**
 * An emulator of the test's own, for scenarios that freeze (SIGSTOP) or kill -9 it: the shared emulator of the
 * global setup must never be touched. `stop()` thaws it first (a stopped process ignores SIGTERM until continued)
 * and is safe to call after a kill.
 */
export interface PrivateEmulator {
  readonly hostPort: string;
  readonly pid: number;
  freeze(): void;
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

/**
 * Starts `cbtemulator` on a free port (behind the test kit's watchdog, so it never outlives the run).
 *
 * @example
 * ```ts
 * const emulator = await startPrivateEmulator();
 * try { emulator.freeze(); ... } finally { await emulator.stop(); }
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
    freeze: () => signal(pid, 'SIGSTOP'),
    thaw: () => signal(pid, 'SIGCONT'),
    kill9: () => signal(pid, 'SIGKILL'),
    stop: async () => {
      signal(pid, 'SIGCONT');
      await handle.stop();
    },
  };
}
