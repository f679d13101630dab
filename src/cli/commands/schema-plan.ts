import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { formatPlan } from '../../admin/index.js';
import { out, outJson } from '../cli-io.js';
import type { CommandContext, EntityFlags } from '../command-context.js';
import { entitiesOf, globalsOf, withEntityFlags } from '../command-context.js';
import type { ConnectionFlags } from '../connect.js';
import { withConnectionFlags, withMapper, withTableIdFlag } from '../connect.js';

interface PlanFlags extends EntityFlags, ConnectionFlags {
  readonly pruneFamilies?: boolean;
  readonly out?: string;
}

/**
 * `schema plan`: the changes that bring the entities' tables to what they declare, as text or JSON; `--out`
 * stores the plan for `schema apply --plan`.
 *
 * @example
 * ```ts
 * registerSchemaPlan(program.command('schema'), context);
 * ```
 */
export function registerSchemaPlan(schema: Command, context: CommandContext): void {
  const command = schema
    .command('plan')
    .description("show the changes that bring the entities' tables to what they declare")
    .option('--prune-families', 'also drop families no entity declares (destructive changes)')
    .option('--out <file>', 'also write the plan as JSON, for `schema apply --plan <file>`');
  withTableIdFlag(withConnectionFlags(withEntityFlags(command, true))).action(
    async (flags: PlanFlags, self: Command) => {
      const { io } = context;
      const entities = await entitiesOf(context, flags);
      const plan = await withMapper('schema plan', flags, io, (mapper) =>
        mapper.schema.plan(
          entities.map((e) => e.entity),
          { pruneFamilies: flags.pruneFamilies === true },
        ),
      );
      if (flags.out) writeFileSync(resolve(io.cwd, flags.out), `${JSON.stringify(plan, null, 2)}\n`);
      if (globalsOf(self).json) outJson(io, plan);
      else out(io, formatPlan(plan));
    },
  );
}
