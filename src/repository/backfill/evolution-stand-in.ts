// TEMPORARY STAND-IN for evo-core's evolution primitives (EVOLUTION-SPEC "Internal contract"), so that the backfill
// compiles before evo-core's commits land. Deleted when `evo-core` is merged; nothing else may import it but the
// backfill's own files.
import type { BigtableMapperError } from '../../errors/bigtable-mapper-error.js';
import { rowSchemaVersion } from '../../mapping/schema-version-token.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { RowData } from '../../model/row-data.js';
import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import type { CallPolicy } from '../call-policy.js';
import type { CallOptions } from '../repository-options.js';

export type RewriteOutcome =
  | { readonly kind: 'migrated'; readonly fromVersion: number }
  | { readonly kind: 'skipped'; readonly reason: 'current' | 'missing' }
  | { readonly kind: 'conflict' }
  | { readonly kind: 'failed'; readonly error: BigtableMapperError };

export async function rewriteRow<E extends object>(
  _connection: BigtableConnection,
  _tableId: string,
  meta: EntityMetadata<E>,
  row: RowData,
  _options: { now: () => number; policy: CallPolicy; call?: CallOptions },
): Promise<RewriteOutcome> {
  const version = rowSchemaVersion(meta, row);
  return version >= (meta.evolution?.version ?? 0)
    ? { kind: 'skipped', reason: 'current' }
    : { kind: 'migrated', fromVersion: version };
}
