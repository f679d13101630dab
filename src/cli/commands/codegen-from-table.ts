import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { InferredTable } from '../../codegen/index.js';
import { inferTableEntities, kebabCase } from '../../codegen/index.js';
import { note, out, outJson } from '../cli-io.js';
import type { CommandContext } from '../command-context.js';
import { globalsOf } from '../command-context.js';
import type { ConnectionFlags } from '../connect.js';
import { withMapper } from '../connect.js';
import { startProgress } from '../progress.js';
import { usageError } from '../usage-error.js';

/**
 * The flags of `codegen --table`.
 *
 * @example
 * ```ts
 * const flags: TableCodegenFlags = { table: 'devices', maxRows: '500', emulator: 'localhost:8086' };
 * ```
 */
export interface TableCodegenFlags extends ConnectionFlags {
  readonly table: string;
  readonly maxRows?: string;
  readonly entity?: string;
  readonly keyNames?: string;
  readonly out?: string;
  readonly outDir?: string;
}

function positive(option: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw usageError('codegen', option, text, 'an integer ≥ 1');
  return n;
}

function summary(table: InferredTable): string {
  const entities = table.entities.map((e) => {
    const low = e.inferences.filter((i) => i.confidence === 'low').length;
    const parent = e.parent === undefined ? '' : `child of ${e.parent}, `;
    return `${e.entity} (${parent}${e.rows} rows, ${e.inferences.length} inferences${low > 0 ? `, ${low} low confidence` : ''})`;
  });
  return `${table.tableId}: ${table.rowsSampled} rows sampled; ${entities.join(', ')}`;
}

/**
 * `codegen --table <id>`: entity sources inferred from a live table (GetTable plus a bounded sample of rows, with
 * progress), each guess written as a comment with its evidence; printed, or written to `--out` / `--out-dir`.
 *
 * @example
 * ```ts
 * await codegenFromTable(context, self, { table: 'devices' }, { style: 'decorators', packageName: 'bigtable-mapper' });
 * ```
 */
export async function codegenFromTable(
  context: CommandContext,
  self: Command,
  flags: TableCodegenFlags,
  source: { readonly style: 'decorators' | 'defineEntity'; readonly packageName: string },
): Promise<void> {
  const { io } = context;
  const { json } = globalsOf(self);
  const maxRows = positive('--max-rows', flags.maxRows);
  const progress = startProgress(io, { label: 'rows sampled', quiet: json === true });
  let inferred: InferredTable;
  try {
    inferred = await withMapper('codegen', flags, io, (mapper) =>
      inferTableEntities(mapper, flags.table, {
        ...source,
        ...(maxRows === undefined ? {} : { maxRows }),
        ...(flags.entity === undefined ? {} : { entity: flags.entity }),
        ...(flags.keyNames === undefined ? {} : { keyNames: flags.keyNames.split(',').map((n) => n.trim()) }),
        onProgress: ({ rowsSampled, totalPlanned }) =>
          progress.update(rowsSampled, `of ${totalPlanned} planned`),
      }),
    );
  } finally {
    progress.stop();
  }
  const files = inferred.entities.map((e) => ({ name: `${kebabCase(e.entity)}.ts`, entity: e }));
  if (flags.out !== undefined && files.length !== 1)
    throw usageError(
      'codegen',
      '--out',
      flags.out,
      `used with one inferred entity (found ${files.length}: use --out-dir)`,
    );
  if (flags.out !== undefined) writeFileSync(resolve(io.cwd, flags.out), files[0]!.entity.source);
  if (flags.outDir !== undefined) {
    mkdirSync(resolve(io.cwd, flags.outDir), { recursive: true });
    for (const f of files) writeFileSync(resolve(io.cwd, flags.outDir, f.name), f.entity.source);
  }
  if (json) {
    outJson(io, {
      tableId: inferred.tableId,
      rowsSampled: inferred.rowsSampled,
      entities: inferred.entities.map((e) => ({
        entity: e.entity,
        ...(e.parent === undefined ? {} : { parent: e.parent }),
        rows: e.rows,
        source: e.source,
        inferences: e.inferences,
      })),
    });
    return;
  }
  note(io, summary(inferred));
  if (flags.out !== undefined) out(io, `wrote ${flags.out}`);
  else if (flags.outDir !== undefined) out(io, files.map((f) => join(flags.outDir!, f.name)).join('\n'));
  else if (files.length === 1) io.stdout.write(files[0]!.entity.source);
  else out(io, files.map((f) => `==> ${f.name} <==\n${f.entity.source}`).join('\n'));
}
