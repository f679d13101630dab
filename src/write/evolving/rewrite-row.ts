import { BigtableMapperError } from '../../errors/bigtable-mapper-error.js';
import { OutcomeUnknownError } from '../../errors/outcome-unknown-error.js';
import { buildRewriteMutations } from '../../mapping/build-rewrite-mutations.js';
import { rowSchemaVersion, tokenOf } from '../../mapping/schema-version-token.js';
import { upcastRow } from '../../mapping/upcast-row.js';
import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { Mutation } from '../../model/mutation.js';
import type { RowData } from '../../model/row-data.js';
import type { RowFilter } from '../../model/read-rows-request.js';
import { chainFilters, columnFilter } from '../../query/index.js';
import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import { checkAndMutateRow } from '../../transport/check-and-mutate-row.js';
import { readRows } from '../../transport/read-rows.js';
import type { CallPolicy } from '../../transport/call-policy.js';
import { callOptions } from '../../transport/call-policy.js';
import type { BoundCallOptions } from '../../transport/call-timeouts.js';
import { readBackCall } from '../confirm-written.js';

/**
 * What a conditional rewrite did: `migrated` (the row now holds the upcast entity at the current version),
 * `skipped` (already current, or gone), `conflict` (the row changed since it was read: nothing was written; re-read
 * and try again, or drop it), `failed` (the row cannot be upcast or the write failed; nothing or an unknown state
 * was written, see the error).
 *
 * @example
 * ```ts
 * const outcome: RewriteOutcome = { kind: 'skipped', reason: 'current' };
 * ```
 */
export type RewriteOutcome =
  | { readonly kind: 'migrated'; readonly fromVersion: number }
  | { readonly kind: 'skipped'; readonly reason: 'current' | 'missing' }
  | { readonly kind: 'conflict' }
  | { readonly kind: 'failed'; readonly error: BigtableMapperError };

/**
 * Options of {@link rewriteRow}: the clock of the save timestamp, the mapper's call policy and this call's signal
 * and deadline.
 *
 * @example
 * ```ts
 * const options: RewriteOptions = { now: Date.now, policy: resolveCallPolicy({}) };
 * ```
 */
export interface RewriteOptions {
  readonly now: () => number;
  readonly policy: CallPolicy;
  readonly call?: BoundCallOptions;
}

/**
 * The predicate of a rewrite that must apply only to the row exactly as it was read: its newest version cell still
 * holds the token read (all 16 bytes: a save in between, even at the same version, wrote another write id), or, for
 * a row read without one, the row still has cells and still no version cell (a deleted row is never resurrected).
 * Writes by code that predates versioning (no token) cannot be told apart: documented.
 */
function unchangedPredicate(meta: EntityMetadata, token: Uint8Array | undefined): RowFilter {
  const { family, qualifier } = meta.evolution!;
  const column = chainFilters([columnFilter(family, qualifier), { cellsPerColumnLimit: 1 }])!;
  if (token === undefined)
    return {
      condition: { predicate: column, trueFilter: { blockAll: true }, falseFilter: { cellsPerRowLimit: 1 } },
    };
  return chainFilters([column, { valueRange: { startValueClosed: token, endValueClosed: token } }])!;
}

async function readToken(
  connection: BigtableConnection,
  tableId: string,
  meta: EntityMetadata,
  key: Uint8Array,
  options: RewriteOptions,
): Promise<Uint8Array | undefined> {
  const { family, qualifier } = meta.evolution!;
  const request = {
    rows: { rowKeys: [key], rowRanges: [] },
    filter: chainFilters([columnFilter(family, qualifier), { cellsPerColumnLimit: 1 }])!,
  };
  // A read-back settling a lost answer: the call's deadline, with the read-back's grace.
  for await (const row of readRows(
    connection,
    tableId,
    request,
    callOptions(options.policy, readBackCall(options.call ?? {})),
  ))
    return tokenOf(meta, row);
  return undefined;
}

/**
 * Writes `entity` (the upcast, possibly changed, state of `row`) over `row` at the current schema version, only if
 * the row is still exactly as read (see the token predicate): `buildRewriteMutations` in one CheckAndMutateRow. An unknown outcome is settled by reading
 * the token back: ours → migrated; otherwise → conflict (a retry from a fresh read is conditional, so safe).
 *
 * @example
 * ```ts
 * const outcome = await rewriteEntity(conn, 'users', meta, row, upcast.entity, upcast.fromVersion, options, false);
 * ```
 */
export async function rewriteEntity<E extends object>(
  connection: BigtableConnection,
  tableId: string,
  meta: EntityMetadata<E>,
  row: RowData,
  entity: E,
  fromVersion: number,
  options: RewriteOptions,
  advanceVersion: boolean,
): Promise<RewriteOutcome> {
  let mutations: readonly Mutation[];
  let written: Uint8Array;
  try {
    ({ mutations, token: written } = buildRewriteMutations(meta, entity, {
      now: options.now,
      advanceVersion,
    }));
  } catch (error) {
    if (error instanceof BigtableMapperError) return { kind: 'failed', error };
    throw error;
  }
  try {
    const matched = await checkAndMutateRow(
      connection,
      tableId,
      row.key,
      { predicate: unchangedPredicate(meta, tokenOf(meta, row)), onMatch: mutations },
      { ...callOptions(options.policy, options.call), entity: meta.name },
    );
    return matched ? { kind: 'migrated', fromVersion } : { kind: 'conflict' };
  } catch (error) {
    if (!(error instanceof BigtableMapperError)) throw error;
    if (!(error instanceof OutcomeUnknownError)) return { kind: 'failed', error };
    try {
      const now = await readToken(connection, tableId, meta, row.key, options);
      return now !== undefined && Buffer.from(now).equals(written)
        ? { kind: 'migrated', fromVersion }
        : { kind: 'conflict' };
    } catch {
      return { kind: 'failed', error };
    }
  }
}

/**
 * Rewrites one row read whole (every family of the entity, version cell and old shapes included) at the entity's
 * current schema version, conditionally: hydrate and upcast it, then {@link rewriteEntity}. A row already at the
 * current version, or with no cells, is skipped; one that cannot be upcast fails (with the error) and is not written.
 * Never overwrites a write made after the read: that is a `conflict` (re-read and try again, bounded).
 *
 * @example
 * ```ts
 * const outcome = await rewriteRow(conn, 'users', meta, row, { now: Date.now, policy });
 * if (outcome.kind === 'conflict') console.log('changed since read: read it again');
 * ```
 */
export async function rewriteRow<E extends object>(
  connection: BigtableConnection,
  tableId: string,
  meta: EntityMetadata<E>,
  row: RowData,
  options: RewriteOptions,
): Promise<RewriteOutcome> {
  if (row.cells.length === 0) return { kind: 'skipped', reason: 'missing' };
  let upcast: { entity: E; fromVersion: number };
  try {
    if (meta.evolution === undefined || rowSchemaVersion(meta, row) === meta.evolution.version)
      return { kind: 'skipped', reason: 'current' };
    upcast = upcastRow(meta, row);
  } catch (error) {
    if (error instanceof BigtableMapperError) return { kind: 'failed', error };
    throw error;
  }
  return rewriteEntity(connection, tableId, meta, row, upcast.entity, upcast.fromVersion, options, false);
}
