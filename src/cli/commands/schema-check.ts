import type { Command } from 'commander';
import { formatPlan } from '../../admin/index.js';
import { out, outJson } from '../cli-io.js';
import type { CommandContext, EntityFlags } from '../command-context.js';
import { entitiesOf, globalsOf, withEntityFlags } from '../command-context.js';
import type { ConnectionFlags } from '../connect.js';
import { withConnectionFlags, withMapper, withTableIdFlag } from '../connect.js';
import { EXIT } from '../exit-codes.js';

/**
 * `schema check`: drift for CI. Exit code 3 when the live tables differ from the entities (extra families count).
 *
 * @example
 * ```ts
 * registerSchemaCheck(program.command('schema'), context);
 * ```
 */
export function registerSchemaCheck(schema: Command, context: CommandContext): void {
  const command = schema
    .command('check')
    .description('exit with code 3 when the live tables differ from the entities (drift, for CI)');
  withTableIdFlag(withConnectionFlags(withEntityFlags(command, true))).action(
    async (flags: EntityFlags & ConnectionFlags, self: Command) => {
      const { io } = context;
      const entities = await entitiesOf(context, flags);
      const drift = await withMapper('schema check', flags, io, (mapper) =>
        mapper.schema.check(entities.map((e) => e.entity)),
      );
      if (globalsOf(self).json) outJson(io, drift);
      else out(io, formatPlan(drift));
      if (!drift.inSync) context.setExit(EXIT.CHECK_FAILED);
    },
  );
}
