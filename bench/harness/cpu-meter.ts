// CPU time of this process and of the emulator, so a report can say where the time went: a variant that is fast
// on the wall clock by making the server work harder is not faster (in production, server CPU is what users pay).
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ), 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, or undefined where /proc cannot tell. */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (utime + stime) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU seconds this process has used so far. */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * CPU seconds this process's main (JavaScript) thread has used so far: `process.threadCpuUsage()` where Node has it
 * (23.9 and later), else the thread's /proc entry (10 ms ticks: sum many blocks before reading it). What the
 * process used beyond it ran on V8's and libuv's other threads (concurrent garbage collection, compilation).
 */
export function mainThreadCpuSeconds(): number {
  const threadCpuUsage = (process as { threadCpuUsage?: () => { user: number; system: number } })
    .threadCpuUsage;
  if (threadCpuUsage) {
    const { user, system } = threadCpuUsage.call(process);
    return (user + system) / 1e6;
  }
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** One measured stretch of work. */
export interface Sample {
  readonly wallMs: number;
  readonly clientCpuS: number;
  readonly serverCpuS: number | undefined;
}

/** Runs `work` and measures its wall time, this process's CPU and the emulator's CPU. */
export async function measure(work: () => Promise<unknown>, serverPid: number | undefined): Promise<Sample> {
  const server0 = processCpuSeconds(serverPid);
  const client0 = ownCpuSeconds();
  const t0 = performance.now();
  await work();
  const wallMs = performance.now() - t0;
  const clientCpuS = ownCpuSeconds() - client0;
  const server1 = processCpuSeconds(serverPid);
  return {
    wallMs,
    clientCpuS,
    serverCpuS: server0 === undefined || server1 === undefined ? undefined : server1 - server0,
  };
}
