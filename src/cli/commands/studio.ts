import type { Command } from 'commander';
import { startStudio } from '../../studio/index.js';
import { note, out, outJson } from '../cli-io.js';
import type { CommandContext, EntityFlags } from '../command-context.js';
import { entitiesOf, globalsOf, withEntityFlags } from '../command-context.js';
import type { ConnectionFlags } from '../connect.js';
import { connectionOptions, tableIdsOf, withConnectionFlags, withTableIdFlag } from '../connect.js';
import { listenForStop } from '../listen-for-stop.js';
import { usageError } from '../usage-error.js';

interface StudioFlags extends EntityFlags, ConnectionFlags {
  readonly port?: string;
  readonly allowWrites?: boolean;
  readonly open?: boolean;
}

/**
 * `studio`: the local web UI (docs/studio.md) over the entities of `--entities`, on 127.0.0.1 with a token per start.
 * Prints `studio: <url>` and serves until SIGINT or SIGTERM, then closes the server and the connection.
 *
 * @example
 * ```ts
 * registerStudio(program, context, '0.1.0', assetsDir);
 * ```
 */
export function registerStudio(
  program: Command,
  context: CommandContext,
  version: string,
  assetsDir: string | undefined,
): void {
  const command = program
    .command('studio')
    .description('browse, query and edit rows through the entities in a local web UI (docs/studio.md)')
    .option('--port <n>', 'port on 127.0.0.1 (default: a free one)')
    .option('--allow-writes', 'enable editing and deleting rows (off by default)')
    .option(
      '--no-open',
      'accepted for scripts; the studio never opens a browser itself: open the printed URL',
    );
  withTableIdFlag(withConnectionFlags(withEntityFlags(command, true))).action(
    async (flags: StudioFlags, self: Command) => {
      const { io } = context;
      const port = flags.port === undefined ? 0 : Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw usageError('studio', '--port', flags.port, 'a port number 0–65535');
      const entities = await entitiesOf(context, flags);
      const stop = listenForStop();
      let studio: Awaited<ReturnType<typeof startStudio>>;
      try {
        studio = await startStudio({
          connection: connectionOptions('studio', flags, io.env),
          repositoryOptions: { tableIds: tableIdsOf('studio', flags.tableId) },
          entities: entities.map((e) => e.entity),
          allowWrites: flags.allowWrites === true,
          port,
          assetsDir,
          version,
        });
      } catch (error) {
        stop.dispose();
        throw error;
      }
      if (globalsOf(self).json) outJson(io, { url: studio.url, port: studio.port });
      else out(io, `studio: ${studio.url}`);
      note(
        io,
        `Studio of ${entities.length} entit${entities.length === 1 ? 'y' : 'ies'} on 127.0.0.1:${studio.port}` +
          `${flags.allowWrites ? ', writes ON' : ', read-only'}; Ctrl-C or SIGTERM stops it.`,
      );
      const signal = await stop.signal;
      await studio.close();
      note(io, `Stopped the studio (${signal}).`);
    },
  );
}
