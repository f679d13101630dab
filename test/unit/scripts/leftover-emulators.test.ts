// The suite's closing check for emulators left behind (scripts/leftover-emulators.mjs): it sees a process named
// cbtemulator that carries the run's marker, waits for it, and stops one that outlives the grace period; a process
// of the same name without the marker (anything else on the machine) is never counted or touched. The fake
// emulators are `sleep` started with argv0 `cbtemulator`.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { emulatorPids, leftoverEmulators, RUN_MARKER } from '../../../scripts/leftover-emulators.mjs';

const pids = emulatorPids as (run: string) => number[] | undefined;
const leftover = leftoverEmulators as (run: string, graceMs: number) => Promise<number[]>;
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('emulators left behind by a test run', () => {
  it('are the marked ones still alive after the grace period: reported and stopped; others are left alone', async () => {
    const run = randomUUID();
    const env = { ...process.env, [RUN_MARKER as string]: run };
    const lingering = spawn('sleep', ['30'], { argv0: '/opt/fake/cbtemulator', stdio: 'ignore', env });
    const brief = spawn('sleep', ['0.2'], { argv0: 'cbtemulator', stdio: 'ignore', env });
    const stranger = spawn('sleep', ['30'], { argv0: 'cbtemulator', stdio: 'ignore' });
    try {
      const closed = new Promise((resolve) => lingering.on('close', resolve));
      expect(pids(run)?.sort()).toEqual([lingering.pid!, brief.pid!].sort());
      expect(await leftover(run, 2_000)).toEqual([lingering.pid!]);
      await closed;
      expect(alive(lingering.pid!)).toBe(false);
      expect(alive(stranger.pid!)).toBe(true);
      expect(await leftover(randomUUID(), 0)).toEqual([]);
    } finally {
      stranger.kill('SIGKILL');
      lingering.kill('SIGKILL');
    }
  });
});
