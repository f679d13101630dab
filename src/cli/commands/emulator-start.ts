import type { Command } from 'commander';
import { startEmulator } from '../../testing/index.js';
import { note, out, outJson } from '../cli-io.js';
import type { CommandContext } from '../command-context.js';
import { globalsOf } from '../command-context.js';
import { usageError } from '../usage-error.js';

/**
 * Listens for SIGINT and SIGTERM from now on (so that a signal arriving while the emulator starts, or just after the
 * line is printed, is not the default action that kills the process and leaves no time to stop it) and keeps the
 * process alive until one arrives or `dispose` is called.
 */
function listenForStop(): { readonly signal: Promise<NodeJS.Signals>; dispose(): void } {
  // Signal listeners do not keep the event loop alive, and the emulator's pipes are unreferenced.
  const keepAlive = setInterval(() => {}, 2 ** 30);
  let onSignal: (signal: NodeJS.Signals) => void = () => {};
  const dispose = (): void => {
    clearInterval(keepAlive);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    onSignal = (received) => {
      dispose();
      resolve(received);
    };
  });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { signal, dispose };
}

/**
 * `emulator start`: starts a Bigtable emulator (the local `cbtemulator`, else Docker through testcontainers), prints
 * the `export BIGTABLE_EMULATOR_HOST=host:port` line and stays in the foreground until SIGINT or SIGTERM, then
 * stops it.
 *
 * @example
 * ```ts
 * registerEmulatorStart(program.command('emulator'), context);
 * ```
 */
export function registerEmulatorStart(emulator: Command, context: CommandContext): void {
  emulator
    .command('start')
    .description('start a Bigtable emulator in the foreground and print the BIGTABLE_EMULATOR_HOST line')
    .option('--port <n>', 'port of a local cbtemulator (default: a free one)')
    .action(async (flags: { readonly port?: string }, self: Command) => {
      const { io } = context;
      const port = flags.port === undefined ? undefined : Number(flags.port);
      if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535))
        throw usageError('emulator start', '--port', flags.port, 'a port number 1–65535');
      const stop = listenForStop();
      let handle: Awaited<ReturnType<typeof startEmulator>>;
      try {
        // A new emulator, even when BIGTABLE_EMULATOR_HOST already names one.
        handle = await startEmulator({ env: { ...io.env, BIGTABLE_EMULATOR_HOST: undefined }, port });
      } catch (error) {
        stop.dispose();
        throw error;
      }
      if (globalsOf(self).json)
        outJson(io, {
          host: handle.host,
          port: handle.port,
          hostPort: handle.hostPort,
          source: handle.source,
          ...(handle.pid === undefined ? {} : { pid: handle.pid }),
        });
      else out(io, `export BIGTABLE_EMULATOR_HOST=${handle.hostPort}`);
      note(io, `Bigtable emulator (${handle.source}) on ${handle.hostPort}; Ctrl-C or SIGTERM stops it.`);
      const signal = await stop.signal;
      await handle.stop();
      note(io, `Stopped the emulator (${signal}).`);
    });
}
