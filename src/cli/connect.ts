import type { Command } from 'commander';
import { Mapper } from '../index.js';
import type { CliIo } from './cli-io.js';
import { usageError } from './usage-error.js';

/** Project and instance used with an emulator when none is given (the emulator accepts any). */
export const EMULATOR_DEFAULT = 'emulator';

/**
 * The connection flags of commands that talk to Bigtable.
 *
 * @example
 * ```ts
 * const flags: ConnectionFlags = { emulator: 'localhost:8086', instance: 'dev' };
 * ```
 */
export interface ConnectionFlags {
  readonly project?: string;
  readonly instance?: string;
  readonly emulator?: string;
  readonly appProfile?: string;
  /** `declared=actual` table ids (`--table-id`), on the schema commands. */
  readonly tableId?: readonly string[];
}

type ConnectionOptions = Parameters<typeof Mapper.connect>[0];

/**
 * Adds `--project`, `--instance`, `--emulator` and `--app-profile` to a command.
 *
 * @example
 * ```ts
 * withConnectionFlags(program.command('describe'));
 * ```
 */
export function withConnectionFlags(command: Command): Command {
  return command
    .option('--project <id>', 'project id (default: $GOOGLE_CLOUD_PROJECT; "emulator" on an emulator)')
    .option('--instance <id>', 'instance id (default: $BIGTABLE_INSTANCE; "emulator" on an emulator)')
    .option('--emulator <host:port>', 'use the emulator at host:port (default: $BIGTABLE_EMULATOR_HOST)')
    .option('--app-profile <id>', 'app profile for data requests');
}

/**
 * Where to connect, from flags, then the environment: `--emulator` or `BIGTABLE_EMULATOR_HOST` select an emulator
 * (project and instance default to `emulator`); otherwise a real instance with application default credentials,
 * which needs a project (`--project`, `GOOGLE_CLOUD_PROJECT`) and an instance (`--instance`, `BIGTABLE_INSTANCE`).
 *
 * @example
 * ```ts
 * connectionOptions('describe', { emulator: 'localhost:8086' }, io.env); // { projectId: 'emulator', … }
 * ```
 */
export function connectionOptions(
  command: string,
  flags: ConnectionFlags,
  env: CliIo['env'],
): ConnectionOptions {
  const emulatorHost = flags.emulator ?? (env.BIGTABLE_EMULATOR_HOST || undefined);
  const fallback = emulatorHost === undefined ? undefined : EMULATOR_DEFAULT;
  const projectId = flags.project ?? (env.GOOGLE_CLOUD_PROJECT || undefined) ?? fallback;
  const instanceId = flags.instance ?? (env.BIGTABLE_INSTANCE || undefined) ?? fallback;
  if (projectId === undefined)
    throw usageError(
      command,
      '--project',
      undefined,
      'a project id (or GOOGLE_CLOUD_PROJECT, or an emulator)',
    );
  if (instanceId === undefined)
    throw usageError(
      command,
      '--instance',
      undefined,
      'an instance id (or BIGTABLE_INSTANCE, or an emulator)',
    );
  return {
    projectId,
    instanceId,
    ...(flags.appProfile === undefined ? {} : { appProfileId: flags.appProfile }),
    ...(flags.emulator === undefined ? {} : { emulatorHost: flags.emulator }),
  };
}

/**
 * Adds `--table-id <declared=actual...>`: the table id to use for a table the entities declare (staging copies,
 * per-developer tables), as `RepositoryOptions.tableIds` does.
 *
 * @example
 * ```ts
 * withTableIdFlag(program.command('schema').command('plan'));
 * ```
 */
export function withTableIdFlag(command: Command): Command {
  return command.option(
    '--table-id <declared=actual...>',
    'use table id `actual` for the table the entities declare as `declared`',
  );
}

/**
 * The `--table-id` pairs as `RepositoryOptions.tableIds`, each `declared=actual` checked.
 *
 * @example
 * ```ts
 * tableIdsOf('studio', ['devices=devices_staging']); // { devices: 'devices_staging' }
 * ```
 */
export function tableIdsOf(command: string, pairs: readonly string[] | undefined): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0 || at === pair.length - 1)
      throw usageError(command, '--table-id', pair, '<declared table>=<table id>');
    ids[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return ids;
}

/**
 * Connects a Mapper from the command's flags, runs `work` with it and closes it, however `work` ends.
 *
 * @example
 * ```ts
 * await withMapper('schema check', flags, io, (mapper) => mapper.schema.check(entities));
 * ```
 */
export async function withMapper<T>(
  command: string,
  flags: ConnectionFlags,
  io: CliIo,
  work: (mapper: Mapper) => Promise<T>,
): Promise<T> {
  const mapper = Mapper.connect(connectionOptions(command, flags, io.env), {
    tableIds: tableIdsOf(command, flags.tableId),
  });
  try {
    return await work(mapper);
  } finally {
    await mapper.close();
  }
}
