import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { describeChange } from '../../admin/index.js';
import type { SchemaPlan } from '../../admin/index.js';
import { out, outJson } from '../cli-io.js';
import type { CommandContext, EntityFlags } from '../command-context.js';
import { entitiesOf, globalsOf, withEntityFlags } from '../command-context.js';
import type { ConnectionFlags } from '../connect.js';
import { withConnectionFlags, withMapper, withTableIdFlag } from '../connect.js';
import { startProgress } from '../progress.js';
import { usageError } from '../usage-error.js';

interface ApplyFlags extends EntityFlags, ConnectionFlags {
  readonly plan?: string;
  readonly allowDestructive?: boolean;
  readonly pruneFamilies?: boolean;
}

function readPlan(cwd: string, file: string): SchemaPlan {
  let plan: unknown;
  try {
    plan = JSON.parse(readFileSync(resolve(cwd, file), 'utf8'));
  } catch (error) {
    throw usageError(
      'schema apply',
      '--plan',
      file,
      'a readable JSON plan (from `schema plan --out`)',
      error,
    );
  }
  const changes = (plan as { changes?: unknown } | null)?.changes;
  if (!Array.isArray(changes))
    throw usageError(
      'schema apply',
      '--plan',
      file,
      'a plan with a `changes` array (from `schema plan --out`)',
    );
  return { changes, notes: [] } as SchemaPlan;
}

/**
 * `schema apply`: runs a plan (from `--plan <file>`, or planned now from `--entities`); a plan with a destructive
 * change is refused (exit code 4, nothing sent) unless `--allow-destructive`.
 *
 * @example
 * ```ts
 * registerSchemaApply(program.command('schema'), context);
 * ```
 */
export function registerSchemaApply(schema: Command, context: CommandContext): void {
  const command = schema
    .command('apply')
    .description('create and change tables and families to match the entities (or a stored plan)')
    .option('--plan <file>', 'apply this stored plan (from `schema plan --out`) instead of planning now')
    .option(
      '--allow-destructive',
      'also run destructive changes (drop a family, change an aggregate type, …)',
    )
    .option('--prune-families', 'also drop families no entity declares (needs --allow-destructive)');
  withTableIdFlag(withConnectionFlags(withEntityFlags(command, false))).action(
    async (flags: ApplyFlags, self: Command) => {
      const { io } = context;
      const { json } = globalsOf(self);
      if (flags.plan === undefined && !flags.entities)
        throw usageError('schema apply', '--entities', undefined, 'entity modules, or --plan <file>');
      if (flags.plan !== undefined && flags.entities)
        throw usageError(
          'schema apply',
          '--plan',
          flags.plan,
          'given without --entities (the plan says what to do)',
        );
      const stored = flags.plan === undefined ? undefined : readPlan(io.cwd, flags.plan);
      const entities = await entitiesOf(context, flags);
      const result = await withMapper('schema apply', flags, io, async (mapper) => {
        const plan =
          stored ??
          (await mapper.schema.plan(
            entities.map((e) => e.entity),
            { pruneFamilies: flags.pruneFamilies === true },
          ));
        const progress = startProgress(io, {
          label: 'applied',
          total: plan.changes.length,
          plainLines: true,
          quiet: json === true || plan.changes.length === 0,
        });
        try {
          return await mapper.schema.apply(plan, {
            allowDestructive: flags.allowDestructive === true,
            onApplied: (change, done) => progress.update(done, describeChange(change)),
          });
        } finally {
          progress.stop();
        }
      });
      if (json) outJson(io, result);
      else if (result.applied.length === 0) out(io, 'No changes: the tables match the entities.');
      else
        out(
          io,
          [
            `Applied ${result.applied.length} change(s):`,
            ...result.applied.map((c) => `  ${describeChange(c)}`),
          ].join('\n'),
        );
    },
  );
}
