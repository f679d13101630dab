import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from './cli-io.js';
import type { ExitCode } from './exit-codes.js';
import type { LoadEntityModulesOptions } from './load-entity-modules.js';
import { loadEntityModules } from './load-entity-modules.js';
import type { ModuleEntity } from '../metadata/public/index.js';

/**
 * What a command's action gets besides its arguments: the I/O and a way to set a non-zero exit code without
 * throwing (drift, lint findings).
 *
 * @example
 * ```ts
 * const context: CommandContext = { io, setExit: (code) => void (process.exitCode = code) };
 * ```
 */
export interface CommandContext {
  readonly io: CliIo;
  setExit(code: ExitCode): void;
}

/**
 * The flags of commands that read entity modules.
 *
 * @example
 * ```ts
 * const flags: EntityFlags = { entities: ['dist/entities.js'], tsconfig: 'tsconfig.json' };
 * ```
 */
export interface EntityFlags {
  readonly entities?: readonly string[];
  readonly tsconfig?: string;
}

/**
 * Adds `--entities <modules...>` (required or not) and `--tsconfig <file>` to a command.
 *
 * @example
 * ```ts
 * withEntityFlags(program.command('lint'), true);
 * ```
 */
export function withEntityFlags(command: Command, required: boolean): Command {
  const description = 'modules (.js, or .ts through tsx) exporting entity classes or defineEntity() results';
  (required
    ? command.requiredOption('--entities <modules...>', description)
    : command.option('--entities <modules...>', description)
  ).option(
    '--tsconfig <file>',
    'tsconfig.json for .ts modules (default: tsx looks from the working directory)',
  );
  return command;
}

/**
 * The entities of the `--entities` modules (none when the flag is absent).
 *
 * @example
 * ```ts
 * const entities = await entitiesOf(context, { entities: ['dist/entities.js'] });
 * ```
 */
export async function entitiesOf(context: CommandContext, flags: EntityFlags): Promise<ModuleEntity[]> {
  if (!flags.entities || flags.entities.length === 0) return [];
  const options: LoadEntityModulesOptions = { cwd: context.io.cwd, tsconfig: flags.tsconfig };
  return loadEntityModules(flags.entities, options);
}

/**
 * `--json` and `--verbose`, wherever on the command line they were given.
 *
 * @example
 * ```ts
 * if (globalsOf(command).json) outJson(io, result);
 * ```
 */
export function globalsOf(command: Command): GlobalOptions {
  return command.optsWithGlobals<GlobalOptions>();
}
