import { readFileSync } from 'node:fs';

/**
 * Whether a process with this pid is running (signal 0 checks without signalling). A zombie counts as ended: it has
 * exited and only waits to be reaped, which for an emulator orphaned by its watchdog is up to this machine's init.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (not Linux): signal 0 is all there is
  }
}
