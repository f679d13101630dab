import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { checkFunction, checkMilliseconds, checkOptions, checkString } from '../errors/check-argument.js';
import { EmulatorUnavailableError } from '../errors/emulator-unavailable-error.js';
import type { EmulatorHandle } from './emulator-handle.js';
import { WATCHDOG_SOURCE } from './emulator-watchdog.js';
import { forgetEmulator, reapOrphanedEmulators, recordEmulator } from './emulator-registry.js';
import { locateSetpriv } from './locate-setpriv.js';
import { processRunning, waitUntilEnded } from './process-running.js';

/** Asks the OS for a port that is free right now. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', (error) =>
      reject(new EmulatorUnavailableError(`cannot find a free port on ${host}`, error)),
    );
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new EmulatorUnavailableError(`the OS reported no free port on ${host}`)),
      );
    });
  });
}

/** Waits for the ready line; resolves to the emulator's pid announced by the watchdog (if it did). */
function waitForReady(child: ChildProcess, timeoutMs: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () =>
        finish(
          new EmulatorUnavailableError(`cbtemulator printed no "running on" line within ${timeoutMs} ms`),
        ),
      timeoutMs,
    );
    let grace: ReturnType<typeof setTimeout> | undefined;
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (!/running on/i.test(output)) return;
      // The ready line and the watchdog's pid line come through different pipes (or the emulator may print
      // first): wait briefly for the pid line rather than race it.
      if (/cbtemulator pid \d+/.test(output)) finish();
      else grace ??= setTimeout(() => finish(), 2_000);
    };
    const onExit = (code: number | null): void =>
      finish(
        new EmulatorUnavailableError(
          `cbtemulator exited with code ${code} before it was ready: ${output.trim()}`,
        ),
      );
    function finish(error?: Error): void {
      clearTimeout(timer);
      if (grace !== undefined) clearTimeout(grace);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else {
        const pid = /cbtemulator pid (\d+)/.exec(output)?.[1];
        resolve(pid === undefined ? undefined : Number(pid));
      }
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', onExit);
  });
}

/** How long `stop()` lets the watchdog end the emulator itself before it kills the whole group. */
const WATCHDOG_GRACE_MS = 2_000;
/** How long `stop()` then waits for the kernel to end the group; it resolves after this in any case. */
const KILL_BOUND_MS = 10_000;

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function exitOf(child: ChildProcess, ms: number): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      child.off('exit', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    child.once('exit', done);
  });
}

/** Groups of watchdogs not yet stopped: killed synchronously if this process exits without stopping them. */
const running = new Set<number>();
let exitHookInstalled = false;

function killGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

function track(group: number): void {
  running.add(group);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const each of running) {
      killGroup(each);
      forgetEmulator(each);
    }
  });
}

/**
 * Ends the watchdog's process group (the watchdog and the emulator) and resolves once both are gone, or after a
 * bound in any case: first SIGTERM, so that the watchdog kills and reaps the emulator itself; then, if the watchdog
 * has not exited within a grace period (starved by CPU load, stopped, already dead) or the emulator is still there,
 * SIGKILL to the whole group, which needs nothing from the watchdog.
 */
async function stopGroup(child: ChildProcess, emulatorPid: number | undefined): Promise<void> {
  const group = child.pid;
  if (group === undefined) return;
  if (!exited(child)) {
    try {
      child.kill('SIGTERM');
    } catch {
      // Gone meanwhile: the group kill below covers the emulator.
    }
    await exitOf(child, WATCHDOG_GRACE_MS);
  }
  if (!exited(child) || (emulatorPid !== undefined && processRunning(emulatorPid))) {
    killGroup(group);
    await exitOf(child, KILL_BOUND_MS);
    if (emulatorPid !== undefined) await waitUntilEnded(emulatorPid, KILL_BOUND_MS);
  }
  running.delete(group);
  forgetEmulator(group);
}

/** Options of {@link spawnEmulator}. */
export interface SpawnEmulatorOptions {
  /** How long to wait for the ready line. Default 20 s. */
  readonly readyTimeoutMs?: number | undefined;
  /** Port chooser, called once per attempt. Default: a port the OS reports free. */
  readonly pickPort?: () => Promise<number>;
}

/**
 * Starts `cbtemulator` on 127.0.0.1 on a free port behind a watchdog process, so that the emulator dies with the
 * process that started it, even when that process is killed (see docs/testing.md for exactly what is guaranteed).
 * `stop()` always resolves, and the emulator is gone when it does, whatever became of the watchdog. Retries with
 * another port when the chosen one was taken in between.
 *
 * @example
 * ```ts
 * const emulator = await spawnEmulator('/usr/lib/google-cloud-sdk/platform/bigtable-emulator/cbtemulator');
 * ```
 */
export async function spawnEmulator(
  binary: string,
  options: SpawnEmulatorOptions = {},
): Promise<EmulatorHandle> {
  const api = 'spawnEmulator';
  checkString({ api, argument: 'binary' }, binary, 'the path of cbtemulator');
  checkOptions({ api, argument: 'options' }, options);
  if (options.readyTimeoutMs !== undefined)
    checkMilliseconds({ api, argument: 'options.readyTimeoutMs' }, options.readyTimeoutMs);
  if (options.pickPort !== undefined) checkFunction({ api, argument: 'options.pickPort' }, options.pickPort);
  const host = '127.0.0.1';
  const readyTimeoutMs = options.readyTimeoutMs ?? 20_000;
  const pickPort = options.pickPort ?? (() => freePort(host));
  // The last line of defence: emulators recorded by processes that died with every other safeguard failing.
  reapOrphanedEmulators();
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await pickPort();
    const setpriv = locateSetpriv();
    const watchdog = ['-e', WATCHDOG_SOURCE, String(process.pid), setpriv ?? '', binary];
    // detached: the watchdog leads a new process group (and session), which the emulator joins; see stopGroup.
    const child = spawn(
      setpriv ?? process.execPath,
      [
        ...(setpriv ? ['--pdeathsig', 'KILL', '--', process.execPath] : []),
        ...watchdog,
        '-host',
        host,
        '-port',
        String(port),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    if (child.pid !== undefined) track(child.pid);
    let pid: number | undefined;
    let stopping: Promise<void> | undefined;
    try {
      pid = await waitForReady(child, readyTimeoutMs);
    } catch (error) {
      lastError = error;
      await stopGroup(child, undefined);
      continue;
    }
    if (pid !== undefined && child.pid !== undefined) recordEmulator(child.pid, pid);
    // Keep draining output so the emulator never blocks on a full pipe, but do not hold the event loop open.
    child.stdout?.resume();
    child.stderr?.resume();
    child.unref();
    (child.stdout as { unref?: () => void } | null)?.unref?.();
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    return {
      host,
      port,
      hostPort: `${host}:${port}`,
      source: 'binary',
      ...(pid === undefined ? {} : { pid }),
      stop: () => (stopping ??= stopGroup(child, pid)),
    };
  }
  throw new EmulatorUnavailableError(`cbtemulator at ${binary} did not start`, lastError);
}
