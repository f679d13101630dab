import type { MappingWarning } from '../mapping/mapping-warning.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import type { CallPolicy } from '../transport/call-policy.js';
import type { BoundCall } from '../transport/call-timeouts.js';

/**
 * Where a write runs: connection, physical table, metadata, clock and the mapper's call policy with this call's
 * signal and deadline.
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
  /** This call's signal and deadline, fixed when the public call began: every RPC of the write shares it. */
  readonly call: BoundCall;
  /** The mapper's `onWarning` hook; undefined = the default (a process warning). */
  readonly onWarning?: ((warning: MappingWarning) => void) | undefined;
}
