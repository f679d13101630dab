// The suite's closing check for emulators left behind (scripts/leftover-emulators.mjs): it sees a process named
// cbtemulator, waits for it, and stops one that outlives the grace period. The fake emulator is `sleep` started with
// argv0 `cbtemulator`; the lister is narrowed to it so that the emulators of tests running beside this one are left
// alone.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { emulatorPids, leftoverEmulators } from '../../../scripts/leftover-emulators.mjs';

const pids = emulatorPids as () => number[] | undefined;
const leftover = leftoverEmulators as (
  before: number[],
  graceMs: number,
  list: () => number[] | undefined,
) => Promise<number[]>;
const ended = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

describe('emulators left behind by a test run', () => {
  it('are found by name, reported and stopped; one that ends in the grace period is not', async () => {
    const lingering = spawn('sleep', ['30'], { argv0: '/opt/fake/cbtemulator', stdio: 'ignore' });
    const brief = spawn('sleep', ['0.2'], { argv0: 'cbtemulator', stdio: 'ignore' });
    const lingeringPid = lingering.pid!;
    const briefPid = brief.pid!;
    const closed = new Promise((resolve) => lingering.on('close', resolve));
    expect(pids()).toEqual(expect.arrayContaining([lingeringPid, briefPid]));
    const ours = (): number[] => (pids() ?? []).filter((p) => p === lingeringPid || p === briefPid);
    expect(await leftover([], 2_000, ours)).toEqual([lingeringPid]);
    await closed;
    expect(ended(lingeringPid)).toBe(true);
    // A pid alive before the run is never counted.
    expect(await leftover([process.pid], 0, () => [process.pid])).toEqual([]);
  });
});
