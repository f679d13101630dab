// The emulators a test run leaves behind: `cbtemulator` processes still alive after the run that carry the run's
// marker in their environment (every process the suite starts inherits it), so emulators of anything else running
// on the machine are never counted or touched. `npm test` fails on any (the guide: never leave a process behind),
// names them and stops them. Linux /proc only; elsewhere the check says it cannot look.
import { readdirSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

/** The environment variable that marks the processes of one test run. */
export const RUN_MARKER = 'BIGTABLE_MAPPER_TEST_RUN';

/**
 * Pids of running `cbtemulator` processes (by executable name) whose environment holds `RUN_MARKER=<run>`, or
 * undefined where /proc cannot be read.
 */
export function emulatorPids(run) {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const mark = `${RUN_MARKER}=${run}`;
  const pids = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv0 = readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0')[0] ?? '';
      if (!argv0.endsWith('cbtemulator')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(mark))
        pids.push(Number(entry));
    } catch {
      // ended while we looked, or not ours to read
    }
  }
  return pids;
}

/**
 * Waits up to `graceMs` for the run's emulators to end; returns those still alive (after stopping them with
 * SIGKILL).
 */
export async function leftoverEmulators(run, graceMs = 5_000) {
  const deadline = Date.now() + graceMs;
  let left = emulatorPids(run) ?? [];
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(200);
    left = emulatorPids(run) ?? [];
  }
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return left;
}
