import { Command, CommanderError } from 'commander';
import type { CliIo } from './cli-io.js';
import type { CommandContext } from './command-context.js';
import { registerCodegen } from './commands/codegen.js';
import { registerDescribe } from './commands/describe.js';
import { registerEmulatorStart } from './commands/emulator-start.js';
import { registerLint } from './commands/lint.js';
import { registerMigrate } from './commands/migrate.js';
import { registerRead } from './commands/read.js';
import { registerSchemaApply } from './commands/schema-apply.js';
import { registerSchemaCheck } from './commands/schema-check.js';
import { registerSchemaExport } from './commands/schema-export.js';
import { registerSchemaPlan } from './commands/schema-plan.js';
import { registerStudio } from './commands/studio.js';
import { studioAssetsDir } from '../studio/index.js';
import type { ExitCode } from './exit-codes.js';
import { EXIT } from './exit-codes.js';
import { reportError } from './report-error.js';

/**
 * The `bigtable-mapper` program: commander's parser with every command registered, output and errors routed to
 * `io`, and commander's own exits turned into thrown `CommanderError`s.
 *
 * @example
 * ```ts
 * buildProgram(context, '0.1.0').helpInformation();
 * ```
 */
export function buildProgram(context: CommandContext, version: string): Command {
  const { io } = context;
  const program = new Command('bigtable-mapper')
    .description('Schema, lint, codegen and data tools for bigtable-mapper entities (docs/cli.md)')
    .version(version)
    .option('--json', 'machine-readable output on stdout')
    .option('--verbose', 'print stacks with errors')
    .showHelpAfterError('(--help for usage)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`error [USAGE]: ${text.replace(/^error: /, '')}`),
    })
    .exitOverride();
  const schema = program.command('schema').description('plan, apply, check and export table schemas');
  registerSchemaPlan(schema, context);
  registerSchemaApply(schema, context);
  registerSchemaCheck(schema, context);
  registerSchemaExport(schema, context);
  registerLint(program, context);
  registerCodegen(program, context);
  registerDescribe(program, context);
  registerRead(program, context);
  registerMigrate(program, context);
  registerStudio(program, context, version, studioAssetsDir());
  registerEmulatorStart(program.command('emulator').description('run a local Bigtable emulator'), context);
  return program;
}

/**
 * Runs `bigtable-mapper` with `argv` (without `node` and the script) and returns its exit code (docs/cli.md):
 * 0 ok, 1 error, 2 usage, 3 a check found something, 4 a destructive change refused.
 *
 * @example
 * ```ts
 * process.exitCode = await runCli(['schema', 'check', '--entities', 'dist/entities.js'], io, '0.1.0');
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo, version: string): Promise<ExitCode> {
  let exit: ExitCode = EXIT.OK;
  const context: CommandContext = { io, setExit: (code) => (exit = code) };
  const program = buildProgram(context, version);
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    // Help and version end through CommanderError with exit code 0; its usage errors were already printed.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    return reportError(io, error, argv.includes('--verbose'));
  }
  return exit;
}
