import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processRunning } from './process-running.js';

/** One emulator started by the kit: its process group, its pid, and the process that owns it (started it). */
interface EmulatorRecord {
  readonly group: number;
  readonly emulatorPid: number;
  readonly emulatorStart: string;
  readonly ownerPid: number;
  readonly ownerStart: string;
}

/** Where the kit records the emulators it started (one file per emulator), per user. */
export function registryDir(): string {
  return join(tmpdir(), `bigtable-mapper-emulators-${process.getuid?.() ?? 'user'}`);
}

/**
 * The kernel's start time of `pid` (field 22 of /proc/<pid>/stat, in clock ticks since boot): with the pid, it
 * names one process for good, where a pid alone may have been reused. Undefined when there is no such process or
 * no /proc.
 */
function startTimeOf(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/** The fields of /proc/<pid>/stat after the command name (index 0 is field 3, the state). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function isSameProcess(pid: number, start: string): boolean {
  return processRunning(pid) && startTimeOf(pid) === start;
}

/**
 * Records an emulator this process started, so that a later {@link reapOrphanedEmulators} can end it should every
 * other safeguard fail (this process killed while its watchdog was killed too, on a machine without setpriv).
 * Linux only (it needs /proc to tell a process from a reused pid); elsewhere nothing is recorded.
 *
 * @example
 * ```ts
 * recordEmulator(watchdog.pid, emulatorPid);
 * ```
 */
export function recordEmulator(group: number, emulatorPid: number): void {
  const emulatorStart = startTimeOf(emulatorPid);
  const ownerStart = startTimeOf(process.pid);
  if (emulatorStart === undefined || ownerStart === undefined) return;
  const record: EmulatorRecord = { group, emulatorPid, emulatorStart, ownerPid: process.pid, ownerStart };
  try {
    mkdirSync(registryDir(), { recursive: true, mode: 0o700 });
    writeFileSync(join(registryDir(), `${group}.json`), JSON.stringify(record));
  } catch {
    // The record is a last resort; the emulator still has its watchdog, the kernel's death signal and stop().
  }
}

/**
 * Drops the record of an emulator that was stopped.
 *
 * @example
 * ```ts
 * forgetEmulator(watchdog.pid);
 * ```
 */
export function forgetEmulator(group: number): void {
  rmSync(join(registryDir(), `${group}.json`), { force: true });
}

/**
 * Kills every recorded emulator whose owner is gone (the owner's pid ended, or now names another process) and that
 * is still the very process recorded (same pid and start time), and drops the records of emulators that ended.
 * Emulators of live processes are never touched, nor any process but a recorded emulator. Returns how many it
 * killed.
 *
 * @example
 * ```ts
 * reapOrphanedEmulators(); // in a global setup or teardown
 * ```
 */
export function reapOrphanedEmulators(): number {
  let files: string[];
  try {
    files = readdirSync(registryDir()).filter((file) => file.endsWith('.json'));
  } catch {
    return 0;
  }
  let killed = 0;
  for (const file of files) {
    const path = join(registryDir(), file);
    let record: EmulatorRecord;
    try {
      record = JSON.parse(readFileSync(path, 'utf8')) as EmulatorRecord;
    } catch {
      continue; // being written, or removed meanwhile
    }
    const emulatorLives = isSameProcess(record.emulatorPid, record.emulatorStart);
    if (emulatorLives && isSameProcess(record.ownerPid, record.ownerStart)) continue;
    if (emulatorLives) {
      // Its group too (a watchdog left in it), as long as the emulator is still in the group recorded.
      const inGroup = statFields(record.emulatorPid)?.[2] === String(record.group);
      for (const target of inGroup ? [-record.group, record.emulatorPid] : [record.emulatorPid]) {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }
      killed += 1;
    }
    rmSync(path, { force: true });
  }
  return killed;
}
