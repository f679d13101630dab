import { readFileSync } from 'node:fs';

/**
 * Whether a process with this pid exists and has not ended. A zombie has ended: it only waits to be reaped, which
 * for an emulator whose watchdog was killed is up to this machine's init (some never reap).
 *
 * @example
 * ```ts
 * if (processRunning(emulator.pid!)) await emulator.stop();
 * ```
 */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return process.platform !== 'linux'; // no /proc: signal 0 is all there is
  }
}

/**
 * Resolves once {@link processRunning} is false for `pid`, or after `ms` in any case (polling, so that a pid whose
 * process is never reaped or was reused cannot hold the caller forever).
 *
 * @example
 * ```ts
 * await waitUntilEnded(pid, 10_000);
 * ```
 */
export async function waitUntilEnded(pid: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (processRunning(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}
