import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import type { CallPolicy } from './call-policy.js';
import type { CallOptions } from './repository-options.js';

/**
 * Where a write runs: connection, physical table, metadata, clock and the mapper's call policy with this call's
 * options.
 *
 * @example
 * ```ts
 * const tableOf = (target: WriteTarget<Device>): string => `${target.meta.name} in ${target.tableId}`;
 * ```
 */
export interface WriteTarget<E extends object> {
  readonly connection: BigtableConnection;
  readonly tableId: string;
  readonly meta: EntityMetadata<E>;
  readonly now: () => number;
  readonly policy: CallPolicy;
  readonly call: CallOptions;
  /** The mapper's `onWarning` hook; undefined = the default (a process warning). */
  readonly onWarning?: ((warning: MappingWarning) => void) | undefined;
}
