import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { EmulatorUnavailableError } from '../errors/emulator-unavailable-error.js';
import type { EmulatorHandle } from './emulator-handle.js';
import { WATCHDOG_SOURCE } from './emulator-watchdog.js';

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

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
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
 * process that started it, even when that process is killed. Retries with another port when the chosen one was
 * taken in between.
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
  const host = '127.0.0.1';
  const readyTimeoutMs = options.readyTimeoutMs ?? 20_000;
  const pickPort = options.pickPort ?? (() => freePort(host));
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await pickPort();
    const child = spawn(
      process.execPath,
      ['-e', WATCHDOG_SOURCE, String(process.pid), binary, '-host', host, '-port', String(port)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let pid: number | undefined;
    try {
      pid = await waitForReady(child, readyTimeoutMs);
    } catch (error) {
      lastError = error;
      await stopChild(child);
      continue;
    }
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
      stop: () => stopChild(child),
    };
  }
  throw new EmulatorUnavailableError(`cbtemulator at ${binary} did not start`, lastError);
}
