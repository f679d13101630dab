import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { parse } from 'yaml';
import { parseSchemaFiles } from '../../codegen/index.js';
import { formatFindings, lintEntities, lintSchemaFiles, sortFindings } from '../../lint/index.js';
import type { LintOptions, LintSeverity } from '../../lint/index.js';
import { out, outJson } from '../cli-io.js';
import type { CommandContext, EntityFlags } from '../command-context.js';
import { entitiesOf, globalsOf, withEntityFlags } from '../command-context.js';
import { EXIT } from '../exit-codes.js';
import { usageError } from '../usage-error.js';

interface LintFlags extends EntityFlags {
  readonly config?: string;
  readonly failOn: string;
  readonly rowKeySchema?: readonly string[];
  readonly families?: readonly string[];
}

const FAIL_ON: Readonly<Record<string, readonly LintSeverity[]>> = {
  error: ['error'],
  warning: ['error', 'warning'],
  info: ['error', 'warning', 'info'],
  never: [],
};

function readText(option: string, cwd: string, file: string): string {
  try {
    return readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw usageError('lint', option, file, 'a readable file', error);
  }
}

function readConfig(cwd: string, file: string): LintOptions {
  try {
    // YAML is a superset of JSON: one parser reads both.
    const options: unknown = parse(readFileSync(resolve(cwd, file), 'utf8'));
    if (typeof options !== 'object' || options === null || Array.isArray(options))
      throw usageError('lint', '--config', file, 'a YAML or JSON object of lint options');
    return options as LintOptions;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'INVALID_ARGUMENT') throw error;
    throw usageError('lint', '--config', file, 'a readable YAML or JSON file of lint options', error);
  }
}

/**
 * `lint`: Bigtable's schema-design rules checked on the entities of `--entities`, and on schema files
 * (`--row-key-schema` and `--families`, paired by position) before any code exists (docs/lint.md). Exit code 3 when
 * a finding is at or above `--fail-on` (default `error`).
 *
 * @example
 * ```ts
 * registerLint(program, context);
 * ```
 */
export function registerLint(program: Command, context: CommandContext): void {
  const command = program
    .command('lint')
    .description("check entities, or schema files, against Bigtable's schema-design rules")
    .option(
      '--row-key-schema <files...>',
      'gcloud row-key schema files to lint, each with the --families file at its position',
    )
    .option(
      '--families <files...>',
      'families files (docs/codegen.md) to lint, with their row-key schema files',
    )
    .option('--config <file>', 'lint options as YAML or JSON: { allow, maxBytes, maxFamilyNameLength, … }')
    .option(
      '--fail-on <severity>',
      'exit with code 3 on findings of this severity or worse: error, warning, info, never',
      'error',
    );
  withEntityFlags(command, false).action(async (flags: LintFlags, self: Command) => {
    const { io } = context;
    const failing = FAIL_ON[flags.failOn];
    if (!failing) throw usageError('lint', '--fail-on', flags.failOn, 'error, warning, info or never');
    const keys = flags.rowKeySchema ?? [];
    const families = flags.families ?? [];
    if (keys.length !== families.length)
      throw usageError(
        'lint',
        '--families',
        families,
        `one families file per row-key schema file (${keys.length})`,
      );
    if (keys.length === 0 && !flags.entities)
      throw usageError(
        'lint',
        '--entities',
        undefined,
        'entity modules, or --row-key-schema and --families files',
      );
    const options = flags.config === undefined ? {} : readConfig(io.cwd, flags.config);
    const files = keys.map((key, i) => ({
      ...parseSchemaFiles({
        rowKeySchema: readText('--row-key-schema', io.cwd, key),
        families: readText('--families', io.cwd, families[i]!),
      }),
      source: families[i]!, // named in the errors about a child entity's parent
    }));
    const entities = await entitiesOf(context, flags);
    const metas = entities.map((e) => e.metadata);
    const findings = sortFindings([
      ...(metas.length > 0 ? lintEntities(metas, options) : []),
      ...(files.length > 0 ? lintSchemaFiles(files, options) : []),
    ]);
    if (globalsOf(self).json) outJson(io, { findings });
    else out(io, formatFindings(findings));
    if (findings.some((f) => failing.includes(f.severity))) context.setExit(EXIT.CHECK_FAILED);
  });
}
