import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InvalidArgumentError, printableKey } from '../../index.js';
import type { TableDescription } from '../../admin/index.js';
import { describeTable, formatGcRule } from '../../admin/index.js';
import { out, outJson } from '../cli-io.js';
import type { CommandContext, EntityFlags } from '../command-context.js';
import { entitiesOf, globalsOf, withEntityFlags } from '../command-context.js';
import type { ConnectionFlags } from '../connect.js';
import { withConnectionFlags, withMapper } from '../connect.js';
import { cellText, jsonValue } from '../json-value.js';
import { usageError } from '../usage-error.js';

interface DescribeFlags extends EntityFlags, ConnectionFlags {
  readonly rowKeySchema?: string;
  readonly sample: string;
}

function describeText(d: TableDescription): string {
  const { schema, samples } = d;
  const names = Object.keys(schema.families).sort();
  const width = Math.max(0, ...names.map((n) => n.length));
  const families = names.map((name) => {
    const spec = schema.families[name]!;
    const aggregate = spec.aggregate ? `  aggregate ${spec.aggregate} (int64)` : '';
    return `  ${name.padEnd(width)}  gc ${formatGcRule(spec.gcRule)}${aggregate}`;
  });
  const rks = schema.rowKeySchema;
  const rowKeySchema = rks.state === 'set' ? JSON.stringify(rks.schema) : `${rks.state} (${rks.reason})`;
  const keys = samples.map((s) => {
    const fields = s.fields?.map((f) => `${f.name}=${cellText(f.value)}`).join('  ');
    return s.decodedBy
      ? `  ${printableKey(s.key)}  ${s.decodedBy}: ${fields}`
      : `  ${printableKey(s.key)}  (${s.problem})`;
  });
  return [
    `Table ${schema.tableId}`,
    `Families (${names.length}):`,
    ...families,
    `Row-key schema: ${rowKeySchema}`,
    `Sample keys (${samples.length}, the table's first):`,
    ...keys,
  ].join('\n');
}

/**
 * `describe <table>`: families with GC rules and aggregate types, the row-key schema, and the first row keys
 * decoded field by field (by `--entities`, or a `--row-key-schema` file, or the table's own row-key schema).
 *
 * @example
 * ```ts
 * registerDescribe(program, context);
 * ```
 */
export function registerDescribe(program: Command, context: CommandContext): void {
  const command = program
    .command('describe')
    .description(
      "show a table's families, GC rules, aggregate types, row-key schema and sample keys, decoded",
    )
    .argument('<table>', 'table id')
    .option('--row-key-schema <file>', 'decode keys with this gcloud row-key schema file (YAML or JSON)')
    .option('--sample <n>', 'how many row keys to show (the first ones)', '5');
  withConnectionFlags(withEntityFlags(command, false)).action(
    async (table: string, flags: DescribeFlags, self: Command) => {
      const { io } = context;
      const sampleSize = Number(flags.sample);
      if (!Number.isSafeInteger(sampleSize) || sampleSize < 0)
        throw usageError('describe', '--sample', flags.sample, 'an integer ≥ 0');
      let rowKeySchema: string | undefined;
      if (flags.rowKeySchema !== undefined) {
        try {
          rowKeySchema = readFileSync(resolve(io.cwd, flags.rowKeySchema), 'utf8');
        } catch (error) {
          throw usageError('describe', '--row-key-schema', flags.rowKeySchema, 'a readable file', error);
        }
      }
      const entities = await entitiesOf(context, flags);
      const description = await withMapper('describe', flags, io, (mapper) =>
        describeTable(mapper.connection, table, {
          sampleSize,
          entities: entities.map((e) => e.metadata),
          ...(rowKeySchema === undefined ? {} : { rowKeySchema }),
        }),
      );
      if (!description)
        throw new InvalidArgumentError({
          api: 'describe',
          argument: 'table',
          value: table,
          expected: 'an existing table',
        });
      if (globalsOf(self).json)
        outJson(io, {
          ...description.schema,
          samples: description.samples.map((s) => ({
            key: printableKey(s.key),
            keyBase64: Buffer.from(s.key).toString('base64'),
            ...(s.decodedBy ? { decodedBy: s.decodedBy } : {}),
            ...(s.fields
              ? { fields: s.fields.map((f) => ({ name: f.name, value: jsonValue(f.value) })) }
              : {}),
            ...(s.problem ? { problem: s.problem } : {}),
          })),
        });
      else out(io, describeText(description));
    },
  );
}
