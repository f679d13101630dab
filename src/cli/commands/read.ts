import type { Command } from 'commander';
import { printableKey } from '../../index.js';
import { readKeyRange } from '../../raw/index.js';
import type { ModuleEntity } from '../../metadata/public/index.js';
import { note, out, outJson } from '../cli-io.js';
import type { CommandContext, EntityFlags } from '../command-context.js';
import { entitiesOf, globalsOf, withEntityFlags } from '../command-context.js';
import type { ConnectionFlags } from '../connect.js';
import { withConnectionFlags, withMapper } from '../connect.js';
import { formatTable } from '../format-table.js';
import { cellText, jsonValue } from '../json-value.js';
import { startProgress } from '../progress.js';
import { selectEntities } from '../select-entities.js';
import { usageError } from '../usage-error.js';

interface ReadFlags extends EntityFlags, ConnectionFlags {
  readonly entity?: string;
  readonly prefix?: string;
  readonly start?: string;
  readonly end?: string;
  readonly limit?: string;
  readonly reverse?: boolean;
}

function pickEntity(
  table: string,
  entities: readonly ModuleEntity[],
  name: string | undefined,
): ModuleEntity {
  if (name !== undefined) return selectEntities('read', entities, [name])[0]!;
  const ofTable = entities.filter((e) => e.metadata.table === table);
  if (ofTable.length === 1) return ofTable[0]!;
  throw usageError(
    'read',
    '--entity',
    undefined,
    ofTable.length === 0
      ? `the entity to decode rows with: no loaded entity declares table "${table}" (loaded: ${entities.map((e) => `${e.metadata.name} → ${e.metadata.table}`).join(', ')})`
      : `one of ${ofTable.map((e) => e.metadata.name).join(', ')}: they share table "${table}"`,
  );
}

/**
 * `read <table>`: rows decoded through an entity, in key order, as a table or JSON lines (`--json`), within
 * `--prefix`, `--start` (inclusive) and `--end` (exclusive) row keys (UTF-8 text), at most `--limit` rows.
 *
 * @example
 * ```ts
 * registerRead(program, context);
 * ```
 */
export function registerRead(program: Command, context: CommandContext): void {
  const command = program
    .command('read')
    .description('read rows decoded through an entity (a table, or JSON lines with --json)')
    .argument('<table>', 'table id')
    .option('--entity <name>', 'the entity to decode rows with (default: the one declaring <table>)')
    .option('--prefix <key>', 'only row keys starting with this text')
    .option('--start <key>', 'only row keys ≥ this text')
    .option('--end <key>', 'only row keys < this text')
    .option('--limit <n>', 'at most n rows')
    .option('--reverse', 'in descending key order');
  withConnectionFlags(withEntityFlags(command, true)).action(
    async (table: string, flags: ReadFlags, self: Command) => {
      const { io } = context;
      const { json } = globalsOf(self);
      const limit = flags.limit === undefined ? undefined : Number(flags.limit);
      if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1))
        throw usageError('read', '--limit', flags.limit, 'an integer ≥ 1');
      const { metadata } = pickEntity(table, await entitiesOf(context, flags), flags.entity);
      const bytes = (text: string | undefined): Uint8Array | undefined =>
        text === undefined ? undefined : new TextEncoder().encode(text);
      const columns = [
        ...metadata.key.parts.map((p) => p.property),
        ...metadata.fields.map((f) => f.property),
      ];
      const rows: string[][] = [];
      const progress = startProgress(io, { label: 'rows', total: limit });
      let count = 0;
      try {
        await withMapper('read', flags, io, async (mapper) => {
          const read = readKeyRange(mapper.connection, table, metadata, {
            prefix: bytes(flags.prefix),
            start: bytes(flags.start),
            end: bytes(flags.end),
            limit,
            reverse: flags.reverse === true,
            onDecodeError: (row) =>
              note(io, `skipped ${printableKey(row.key)}: ${row.error.message.split('\n', 1)[0]}`),
          });
          for await (const { key, entity } of read) {
            count++;
            progress.update(count);
            const values = entity as Record<string, unknown>;
            if (json) outJson(io, { key: printableKey(key), entity: jsonValue(entity) });
            else rows.push([printableKey(key), ...columns.map((c) => cellText(values[c]))]);
          }
        });
      } finally {
        progress.stop();
      }
      if (!json) {
        if (rows.length > 0) out(io, formatTable(['key', ...columns], rows));
        note(io, `${count} row(s) of ${metadata.name}`);
      }
    },
  );
}
