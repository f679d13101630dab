import type { SchemaManager } from '../admin/schema-manager.js';
import { checkOptions } from '../errors/check-argument.js';
import type { EntityClass, EntityMetadata } from '../metadata/entity-metadata.js';
import { getEntityMetadata } from '../metadata/entity-registry.js';
import { resolveCallPolicy } from '../transport/call-policy.js';
import type { RepositoryOptions } from '../repository/repository-options.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { observedEndpoint } from '../transport/observed-endpoint.js';
import { CallObserver } from '../observe/call-observer.js';
import { BackfillCheckpoints, BACKFILL_FAMILY, BACKFILL_TABLE } from './backfill-checkpoints.js';
import { BackfillRunner } from './backfill-runner.js';
import type { Backfill, BackfillOptions } from './backfill-types.js';

/**
 * Wires a backfill to a mapper's connection, options (`tableIds`, `now`, retry and timeouts) and schema tooling
 * (the checkpoint table is ensured on first use). `backfill(mapper, ...)` and `mapper.backfill(...)` both call it,
 * so that the runtime never imports the public door of the tool and the tool never needs the mapper's privates.
 *
 * @example
 * ```ts
 * const job = createBackfill(mapper.connection, {}, mapper.schema, Device, { id: 'users-to-v3' });
 * ```
 */
export function createBackfill<C extends EntityClass>(
  connection: BigtableConnection,
  mapperOptions: RepositoryOptions,
  schema: SchemaManager,
  entity: C,
  options: BackfillOptions<InstanceType<C>> = {},
): Backfill<InstanceType<C>> {
  checkOptions({ api: 'Mapper.backfill', argument: 'options' }, options);
  const meta = getEntityMetadata(entity);
  const policy = resolveCallPolicy(mapperOptions);
  const checkpointTable = mapperOptions.tableIds?.[BACKFILL_TABLE] ?? BACKFILL_TABLE;
  const checkpoints = new BackfillCheckpoints(connection, checkpointTable, policy, () =>
    schema.ensureTables([
      {
        tableId: checkpointTable,
        families: { [BACKFILL_FAMILY]: { gcRule: { maxVersions: 1 } } },
        rowKeySchema: { state: 'none', reason: 'backfill checkpoints: raw keys' },
      },
    ]),
  );
  return new BackfillRunner<InstanceType<C>>(
    {
      connection,
      meta: meta as EntityMetadata<InstanceType<C>>,
      tableId: mapperOptions.tableIds?.[meta.table] ?? meta.table,
      policy,
      now: () => (mapperOptions.now ?? Date.now)(),
      checkpoints,
      // Spans and metrics, following the mapper's `observe` switches (not its `call` events: the tool has its own).
      observer: new CallObserver(observedEndpoint(connection), mapperOptions.observe),
    },
    options,
  );
}
