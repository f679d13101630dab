import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { CodecImport } from '../../codegen/index.js';
import { generateEntitiesSource, parseSchemaFiles } from '../../codegen/index.js';
import { out, outJson } from '../cli-io.js';
import type { CommandContext } from '../command-context.js';
import { globalsOf } from '../command-context.js';
import type { TableCodegenFlags } from './codegen-from-table.js';
import { codegenFromTable } from './codegen-from-table.js';
import { withConnectionFlags } from '../connect.js';
import { usageError } from '../usage-error.js';

interface CodegenFlags extends Omit<TableCodegenFlags, 'table'> {
  readonly table?: string;
  readonly rowKeySchema?: readonly string[];
  readonly families?: readonly string[];
  readonly style: string;
  readonly import?: readonly string[];
  readonly package?: string;
}

const STYLES: Readonly<Record<string, 'decorators' | 'defineEntity'>> = {
  decorators: 'decorators',
  'define-entity': 'defineEntity',
  defineEntity: 'defineEntity',
};

/** `name=module` or `name=module#export` → the import of a protobuf type or user codec. */
function codecImports(specs: readonly string[] | undefined): Record<string, CodecImport> {
  const imports: Record<string, CodecImport> = {};
  for (const spec of specs ?? []) {
    const match = /^([^=]+)=([^#]+)(?:#(.+))?$/.exec(spec);
    if (!match) throw usageError('codegen', '--import', spec, '<type or codec name>=<module>[#<export>]');
    imports[match[1]!] = { from: match[2]!, ...(match[3] === undefined ? {} : { name: match[3] }) };
  }
  return imports;
}

function readText(option: string, cwd: string, file: string): string {
  try {
    return readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw usageError('codegen', option, file, 'a readable file', error);
  }
}

/**
 * `codegen`: the TypeScript source of entities from gcloud's row-key schema files and families files, paired by
 * position, in one module (docs/codegen.md), or inferred from a live table (`--table`), printed or written to
 * `--out`.
 *
 * @example
 * ```ts
 * registerCodegen(program, context);
 * ```
 */
export function registerCodegen(program: Command, context: CommandContext): void {
  const command = program
    .command('codegen')
    .description('generate entity classes from schema files, or from a live table (--table)')
    .option(
      '--row-key-schema <files...>',
      "gcloud's row-key schema files (YAML or JSON), each with the --families file at its position",
    )
    .option(
      '--families <files...>',
      'the families files (YAML or JSON, docs/codegen.md); a child entity needs its parent among them',
    )
    .option('--table <id>', 'infer the entities from this live table (GetTable and a sample of rows) instead')
    .option('--max-rows <n>', 'with --table: most rows sampled (default 500)')
    .option('--entity <name>', 'with --table: class name (default: from the table id or key prefix)')
    .option('--key-names <a,b,...>', 'with --table: names of the key parts in key order')
    .option('--style <style>', 'decorators or define-entity', 'decorators')
    .option(
      '--import <name=module...>',
      'where a protobuf type, user codec or parent entity comes from: name=module[#export]',
    )
    .option('--package <name>', 'package to import the SDK from', 'bigtable-mapper')
    .option('--out <file>', 'write the source here (default: print it)')
    .option('--out-dir <dir>', 'with --table: write one <entity-in-kebab-case>.ts per inferred entity here');
  withConnectionFlags(command).action(async (flags: CodegenFlags, self: Command) => {
    const { io } = context;
    const style = STYLES[flags.style];
    if (!style) throw usageError('codegen', '--style', flags.style, 'decorators or define-entity');
    const fromFiles = flags.rowKeySchema !== undefined || flags.families !== undefined;
    if (flags.table !== undefined) {
      if (fromFiles)
        throw usageError('codegen', '--table', flags.table, 'given without --row-key-schema and --families');
      return codegenFromTable(
        context,
        self,
        { ...flags, table: flags.table },
        {
          style,
          packageName: flags.package ?? 'bigtable-mapper',
        },
      );
    }
    if (flags.rowKeySchema === undefined || flags.families === undefined)
      throw usageError(
        'codegen',
        flags.rowKeySchema === undefined ? '--row-key-schema' : '--families',
        undefined,
        'given: codegen needs --row-key-schema and --families, or --table',
      );
    if (flags.rowKeySchema.length !== flags.families.length)
      throw usageError(
        'codegen',
        '--families',
        flags.families.join(' '),
        `one families file per row-key schema file (${flags.rowKeySchema.length})`,
      );
    if (flags.outDir !== undefined)
      throw usageError('codegen', '--out-dir', flags.outDir, 'used with --table (from files, use --out)');
    const families = flags.families;
    const files = flags.rowKeySchema.map((key, i) => ({
      ...parseSchemaFiles({
        rowKeySchema: readText('--row-key-schema', io.cwd, key),
        families: readText('--families', io.cwd, families[i]!),
      }),
      source: families[i]!,
    }));
    const source = generateEntitiesSource(files, {
      style,
      imports: codecImports(flags.import),
      ...(flags.package ? { packageName: flags.package } : {}),
    });
    if (flags.out !== undefined) writeFileSync(resolve(io.cwd, flags.out), source);
    if (globalsOf(self).json) outJson(io, { source, ...(flags.out === undefined ? {} : { out: flags.out }) });
    else if (flags.out === undefined) io.stdout.write(source);
    else out(io, `wrote ${flags.out}`);
  });
}
