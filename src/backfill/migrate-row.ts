import { BigtableMapperError } from '../errors/bigtable-mapper-error.js';
import { OptimisticLockError } from '../errors/optimistic-lock-error.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { RowFilter } from '../model/read-rows-request.js';
import type { RowData } from '../model/row-data.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { readRows } from '../transport/read-rows.js';
import type { CallPolicy } from '../transport/call-policy.js';
import { callOptions } from '../transport/call-policy.js';
import { rowSchemaVersion } from '../mapping/schema-version-token.js';
import { upcastRow } from '../mapping/upcast-row.js';
import { rewriteRow } from '../write/evolving/rewrite-row.js';

/**
 * What migrating one row came to; `conflicts` counts the fresh reads after a concurrent write.
 *
 * @example
 * ```ts
 * const result: RowResult = { outcome: 'migrated', fromVersion: 1, conflicts: 0 };
 * ```
 */
export interface RowResult {
  readonly outcome: 'migrated' | 'skipped' | 'failed';
  readonly fromVersion?: number | undefined;
  readonly error?: BigtableMapperError | undefined;
  readonly conflicts: number;
  /** Dry run: the upcast entity. */
  readonly entity?: object | undefined;
}

/**
 * Everything migrating one row needs: where it lives, how to read it again, the call policy.
 *
 * @example
 * ```ts
 * const target: RowTarget = { connection, tableId: 'users', meta, policy, now: Date.now, filter, maxConflictRetries: 5 };
 * ```
 */
export interface RowTarget {
  readonly connection: BigtableConnection;
  readonly tableId: string;
  readonly meta: EntityMetadata;
  readonly policy: CallPolicy;
  readonly now: () => number;
  /** The whole-entity read filter (old shapes and the version cell included). */
  readonly filter: RowFilter | undefined;
  readonly maxConflictRetries: number;
}

async function readRow(target: RowTarget, key: Uint8Array): Promise<RowData | undefined> {
  const request = {
    rows: { rowKeys: [key], rowRanges: [] },
    ...(target.filter ? { filter: target.filter } : {}),
  };
  for await (const row of readRows(target.connection, target.tableId, request, callOptions(target.policy)))
    return row;
  return undefined;
}

/**
 * Rewrites one row at the current version with the conditional rewrite primitive; after a concurrent write
 * (conflict) reads the row afresh and tries again, at most `maxConflictRetries` times (then a failure with an
 * OptimisticLockError). Transport failures are thrown: the row was not handled and must not be checkpointed.
 *
 * @example
 * ```ts
 * const result = await migrateRow(target, row);
 * ```
 */
export async function migrateRow(target: RowTarget, row: RowData): Promise<RowResult> {
  let current = row;
  for (let conflicts = 0; ; conflicts++) {
    const outcome = await rewriteRow(target.connection, target.tableId, target.meta, current, {
      now: target.now,
      policy: target.policy,
    });
    switch (outcome.kind) {
      case 'migrated':
        return { outcome: 'migrated', fromVersion: outcome.fromVersion, conflicts };
      case 'skipped':
        return { outcome: 'skipped', fromVersion: rowSchemaVersion(target.meta, current), conflicts };
      case 'failed':
        return {
          outcome: 'failed',
          fromVersion: rowSchemaVersion(target.meta, current),
          error: outcome.error,
          conflicts,
        };
      case 'conflict': {
        if (conflicts >= target.maxConflictRetries)
          return {
            outcome: 'failed',
            fromVersion: rowSchemaVersion(target.meta, current),
            error: new OptimisticLockError({
              entity: target.meta.name,
              key: current.key,
              expectedVersion: rowSchemaVersion(target.meta, current),
            }),
            conflicts,
          };
        const fresh = await readRow(target, current.key);
        if (!fresh) return { outcome: 'skipped', conflicts: conflicts + 1 };
        current = fresh;
      }
    }
  }
}

/**
 * A dry run's verdict on one row, writing nothing: `skipped` when it is at the current version, else `migrated`
 * with the upcast entity, or `failed` when the upcast throws.
 *
 * @example
 * ```ts
 * const verdict = inspectRow(meta, 3, row);
 * ```
 */
export function inspectRow(meta: EntityMetadata, targetVersion: number, row: RowData): RowResult {
  let fromVersion: number | undefined;
  try {
    fromVersion = rowSchemaVersion(meta, row);
    if (fromVersion === targetVersion) return { outcome: 'skipped', fromVersion, conflicts: 0 };
    return { outcome: 'migrated', fromVersion, entity: upcastRow(meta, row).entity, conflicts: 0 };
  } catch (error) {
    if (!(error instanceof BigtableMapperError)) throw error;
    return { outcome: 'failed', fromVersion, error, conflicts: 0 };
  }
}
