import type { Command } from 'commander';
import { startEmulator } from '../../testing/index.js';
import { note, out, outJson } from '../cli-io.js';
import type { CommandContext } from '../command-context.js';
import { globalsOf } from '../command-context.js';
import { listenForStop } from '../listen-for-stop.js';
import { usageError } from '../usage-error.js';

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
