import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { parse } from 'yaml';
import { formatFindings, lintEntities, sortFindings } from '../../schema/lint/index.js';
import type { LintOptions, LintSeverity } from '../../schema/lint/index.js';
import { out, outJson } from '../cli-io.js';
import type { CommandContext, EntityFlags } from '../command-context.js';
import { entitiesOf, globalsOf, withEntityFlags } from '../command-context.js';
import { EXIT } from '../exit-codes.js';
import { usageError } from '../usage-error.js';

interface LintFlags extends EntityFlags {
  readonly config?: string;
  readonly failOn: string;
}

const FAIL_ON: Readonly<Record<string, readonly LintSeverity[]>> = {
  error: ['error'],
  warning: ['error', 'warning'],
  info: ['error', 'warning', 'info'],
  never: [],
};

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
 * `lint`: Bigtable's schema-design rules checked on the entities (docs/lint.md). Exit code 3 when a finding is at
 * or above `--fail-on` (default `error`).
 *
 * @example
 * ```ts
 * registerLint(program, context);
 * ```
 */
export function registerLint(program: Command, context: CommandContext): void {
  const command = program
    .command('lint')
    .description("check the entities against Bigtable's schema-design rules")
    .option('--config <file>', 'lint options as YAML or JSON: { allow, maxBytes, maxFamilyNameLength, … }')
    .option(
      '--fail-on <severity>',
      'exit with code 3 on findings of this severity or worse: error, warning, info, never',
      'error',
    );
  withEntityFlags(command, true).action(async (flags: LintFlags, self: Command) => {
    const { io } = context;
    const failing = FAIL_ON[flags.failOn];
    if (!failing) throw usageError('lint', '--fail-on', flags.failOn, 'error, warning, info or never');
    const options = flags.config === undefined ? {} : readConfig(io.cwd, flags.config);
    const entities = await entitiesOf(context, flags);
    const findings = sortFindings(
      lintEntities(
        entities.map((e) => e.metadata),
        options,
      ),
    );
    if (globalsOf(self).json) outJson(io, { findings });
    else out(io, formatFindings(findings));
    if (findings.some((f) => failing.includes(f.severity))) context.setExit(EXIT.CHECK_FAILED);
  });
}
