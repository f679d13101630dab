import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { exportSchemaFiles, kebabCase } from '../../codegen/index.js';
import { out, outJson } from '../cli-io.js';
import type { CommandContext, EntityFlags } from '../command-context.js';
import { entitiesOf, globalsOf, withEntityFlags } from '../command-context.js';
import { selectEntities } from '../select-entities.js';
import { usageError } from '../usage-error.js';

interface ExportFlags extends EntityFlags {
  readonly entity?: readonly string[];
  readonly outDir?: string;
  readonly format: string;
  readonly protobufFile?: readonly string[];
}

function protobufFiles(pairs: readonly string[] | undefined): Record<string, string> {
  const files: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0)
      throw usageError('schema export', '--protobuf-file', pair, '<message type>=<path of its .proto>');
    files[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return files;
}

/**
 * `schema export`: each entity's row-key schema file and families file (the input of `codegen`), written to
 * `--out-dir` as `<entity>.row-key-schema.<ext>` and `<entity>.families.<ext>`, or printed.
 *
 * @example
 * ```ts
 * registerSchemaExport(program.command('schema'), context);
 * ```
 */
export function registerSchemaExport(schema: Command, context: CommandContext): void {
  const command = schema
    .command('export')
    .description("write each entity's row-key schema file and families file (codegen's input)")
    .option('--entity <names...>', 'only these entities (class or export names)')
    .option('--out-dir <dir>', 'write the files here (default: print them)')
    .option('--format <format>', 'yaml or json', 'yaml')
    .option(
      '--protobuf-file <type=path...>',
      'the .proto file of a protobuf message type, written as `file:`',
    );
  withEntityFlags(command, true).action(async (flags: ExportFlags, self: Command) => {
    const { io } = context;
    if (flags.format !== 'yaml' && flags.format !== 'json')
      throw usageError('schema export', '--format', flags.format, 'yaml or json');
    const format = flags.format;
    const files = protobufFiles(flags.protobufFile);
    const entities = selectEntities('schema export', await entitiesOf(context, flags), flags.entity);
    const exported = entities.map((e) => {
      const base = kebabCase(e.metadata.name);
      const result = exportSchemaFiles(e.metadata, { format, protobufFiles: files });
      return {
        entity: e.metadata.name,
        table: e.metadata.table,
        files: {
          [`${base}.row-key-schema.${format}`]: result.rowKeySchemaFile,
          [`${base}.families.${format}`]: result.familiesFile,
        },
      };
    });
    if (flags.outDir !== undefined) {
      const dir = resolve(io.cwd, flags.outDir);
      mkdirSync(dir, { recursive: true });
      for (const e of exported)
        for (const [name, text] of Object.entries(e.files)) writeFileSync(join(dir, name), text);
    }
    if (globalsOf(self).json) outJson(io, exported);
    else if (flags.outDir !== undefined)
      out(
        io,
        exported.flatMap((e) => Object.keys(e.files).map((name) => join(flags.outDir!, name))).join('\n'),
      );
    else
      out(
        io,
        exported
          .flatMap((e) => Object.entries(e.files).map(([name, text]) => `==> ${name} <==\n${text}`))
          .join('\n'),
      );
  });
}
