import type { Command } from 'commander';
import type { BackfillOptions } from '../../backfill/index.js';
import type { Mapper } from '../../index.js';
import type { ModuleEntity } from '../../metadata/public/index.js';
import { out, outJson } from '../cli-io.js';
import type { CommandContext } from '../command-context.js';
import { globalsOf, withEntityFlags } from '../command-context.js';
import type { ConnectionFlags } from '../connect.js';
import { withConnectionFlags, withMapper, withTableIdFlag } from '../connect.js';
import { EXIT } from '../exit-codes.js';
import { loadEntityModules } from '../load-entity-modules.js';
import { startProgress } from '../progress.js';
import { selectEntities } from '../select-entities.js';
import { usageError } from '../usage-error.js';
import { formatBackfillPlan, formatBackfillReport, formatBackfillStatus } from './format-backfill.js';
import { backfillJson } from './format-backfill.js';

interface MigrateFlags extends ConnectionFlags {
  readonly entities: readonly string[];
  readonly tsconfig?: string;
  readonly entity?: string;
  readonly id?: string;
  readonly shards?: string;
  readonly parallelShards?: string;
  readonly concurrency?: string;
  readonly rate?: string;
  readonly dryRun?: boolean;
  readonly owner?: string;
}

function positive(
  command: string,
  flag: string,
  text: string | undefined,
  integer: boolean,
): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!(Number.isFinite(n) && n > 0 && (!integer || Number.isSafeInteger(n))))
    throw usageError(command, flag, text, integer ? 'an integer ≥ 1' : 'a positive number');
  return n;
}

/** The evolving entity to migrate: `--entity`, or the modules' only evolving entity. */
function pickEvolving(
  command: string,
  entities: readonly ModuleEntity[],
  name: string | undefined,
): ModuleEntity {
  if (name !== undefined) return selectEntities(command, entities, [name])[0]!;
  const evolving = entities.filter((e) => e.metadata.evolution !== undefined);
  if (evolving.length === 1) return evolving[0]!;
  throw usageError(
    command,
    '--entity',
    undefined,
    evolving.length === 0
      ? `an entity declaring a schema version; the modules' entities do not (${entities.map((e) => e.metadata.name).join(', ')})`
      : `one of ${evolving.map((e) => e.metadata.name).join(', ')}`,
  );
}

function addCommon(command: Command): Command {
  return withTableIdFlag(
    withConnectionFlags(
      withEntityFlags(command, true)
        .option('--entity <name>', "the entity to migrate (default: the modules' only evolving entity)")
        .option(
          '--id <id>',
          'backfill id, shared by processes working one backfill (default <Entity>-to-v<version>)',
        ),
    ),
  );
}

/**
 * `migrate plan|run|status`: the schema-evolution backfill of an entity (docs/cli.md). `run` exits 1 when rows
 * failed (listed), `status` exits 3 while the backfill is not done.
 *
 * @example
 * ```ts
 * registerMigrate(program, context);
 * ```
 */
export function registerMigrate(program: Command, context: CommandContext): void {
  const { io } = context;
  const migrate = program
    .command('migrate')
    .description('backfill rows of an evolving entity to its current schema version (plan, run, status)');

  const backfillOf = async (
    name: string,
    flags: MigrateFlags,
    extra: BackfillOptions<object>,
    work: (mapper: Mapper, backfill: ReturnType<Mapper['backfill']>) => Promise<void>,
  ): Promise<void> => {
    const command = `migrate ${name}`;
    const entities = await loadEntityModules(flags.entities, { cwd: io.cwd, tsconfig: flags.tsconfig });
    const { entity } = pickEvolving(command, entities, flags.entity);
    const options: BackfillOptions<object> = {
      ...(flags.id === undefined ? {} : { id: flags.id }),
      ...extra,
    };
    await withMapper(command, flags, io, (mapper) => work(mapper, mapper.backfill(entity, options)));
  };

  addCommon(migrate.command('plan').description('store (or show) the shards of a backfill'))
    .option('--shards <n>', 'shards of a new plan (default 4)')
    .action(async (flags: MigrateFlags, self: Command) => {
      const shards = positive('migrate plan', '--shards', flags.shards, true);
      await backfillOf('plan', flags, shards === undefined ? {} : { shards }, async (_m, backfill) => {
        const plan = await backfill.plan();
        if (globalsOf(self).json) outJson(io, backfillJson(plan));
        else out(io, formatBackfillPlan(plan));
      });
    });

  addCommon(migrate.command('run').description('migrate rows, resuming from the checkpoints'))
    .option('--shards <n>', 'shards of a new plan (default 4)')
    .option('--parallel-shards <n>', 'shards this process works at once (default: all, at most 4)')
    .option('--concurrency <n>', 'rows rewritten at once (default 8)')
    .option('--rate <rows/s>', 'at most this many rows per second')
    .option('--owner <name>', 'the name this process claims shards under (default: random)')
    .option('--dry-run', 'count rows per version and upcast a sample; write nothing')
    .action(async (flags: MigrateFlags, self: Command) => {
      const command = 'migrate run';
      const json = globalsOf(self).json === true;
      const shards = positive(command, '--shards', flags.shards, true);
      const parallelShards = positive(command, '--parallel-shards', flags.parallelShards, true);
      const concurrency = positive(command, '--concurrency', flags.concurrency, true);
      const rowsPerSecond = positive(command, '--rate', flags.rate, false);
      const progress = startProgress(io, {
        label: flags.dryRun ? 'scan' : 'migrate',
        total: 100,
        quiet: json,
      });
      const options: BackfillOptions<object> = {
        ...(shards === undefined ? {} : { shards }),
        ...(parallelShards === undefined ? {} : { parallelShards }),
        ...(concurrency === undefined ? {} : { concurrency }),
        ...(rowsPerSecond === undefined ? {} : { rowsPerSecond }),
        ...(flags.owner === undefined ? {} : { owner: flags.owner }),
        dryRun: flags.dryRun === true,
        onProgress: (p) =>
          progress.update(
            Math.floor(p.fraction * 100),
            `${p.rowsRead} rows, ${Math.round(p.rowsPerSecond)} rows/s` +
              (p.etaSeconds === undefined ? '' : `, ETA ${Math.ceil(p.etaSeconds)} s`),
          ),
      };
      await backfillOf('run', flags, options, async (_m, backfill) => {
        let report;
        try {
          report = await backfill.run();
        } finally {
          progress.stop();
        }
        if (json) outJson(io, backfillJson(report));
        else out(io, formatBackfillReport(report));
        if (report.failures.length > 0) context.setExit(report.dryRun ? EXIT.CHECK_FAILED : EXIT.ERROR);
      });
    });

  addCommon(
    migrate.command('status').description("show a backfill's checkpoints (exit 3 until it is done)"),
  ).action(async (flags: MigrateFlags, self: Command) => {
    await backfillOf('status', flags, {}, async (_m, backfill) => {
      const status = await backfill.status();
      if (globalsOf(self).json) outJson(io, backfillJson(status));
      else out(io, formatBackfillStatus(status));
      if (!status.done) context.setExit(EXIT.CHECK_FAILED);
    });
  });
}
