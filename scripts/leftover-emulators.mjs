// The emulators a test run leaves behind: `cbtemulator` processes alive after the run that were not alive before it.
// `npm test` fails on any (the guide: never leave a process behind), names them, and stops them so CI's next step
// and the next run start clean. Linux /proc only; elsewhere the check says it cannot look.
import { readdirSync, readFileSync } from 'node:fs';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

/** Pids of running `cbtemulator` processes (by executable name), or undefined where /proc cannot be read. */
export function emulatorPids() {
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const pids = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let argv0;
    try {
      argv0 = readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0')[0] ?? '';
    } catch {
      continue; // ended while we looked
    }
    if (argv0.endsWith('cbtemulator')) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Waits up to `graceMs` for the emulators started since `before` to end; returns those still alive (after trying to
 * stop them with SIGKILL). `list` is where the pids come from (a test narrows it to its own process).
 */
export async function leftoverEmulators(before, graceMs = 5_000, list = emulatorPids) {
  const started = () => (list() ?? []).filter((pid) => !before.includes(pid));
  const deadline = Date.now() + graceMs;
  let left = started();
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(200);
    left = started();
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
