import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import { checkObject, checkOptions } from '../../errors/check-argument.js';
import type { SkippedRowReporter } from '../builder/skipped-row.js';
import type { RawKeyBounds } from '../compiler/compile-range-read.js';
import { compileRangeRead } from '../compiler/compile-range-read.js';
import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import { checkConnectionAndTable } from '../../transport/bigtable-connection.js';
import { runQueryPlan } from './run-query-plan.js';

/**
 * Options of {@link readKeyRange}: raw key bounds (prefix, inclusive start, exclusive end) and how many rows.
 *
 * @example
 * ```ts
 * const options: KeyRangeReadOptions = { prefix: Buffer.from('phone#'), limit: 20 };
 * ```
 */
export interface KeyRangeReadOptions extends RawKeyBounds {
  /** At most this many rows (of the entity; skipped rows do not count). */
  readonly limit?: number | undefined;
  /** Descending key order. */
  readonly reverse?: boolean | undefined;
  /** Clock of the GC-hiding filters. Default `Date.now`. */
  readonly now?: () => number;
  /** Where rows that do not decode as the entity go; without it such a row ends the read with its error. */
  readonly onDecodeError?: SkippedRowReporter | undefined;
}

/**
 * Reads an entity's rows inside raw row-key bounds (the entity's own key space only), hydrated, in key order.
 * For tools that take keys as bytes (the CLI's `read`); applications use `repository.find()`.
 *
 * @example
 * ```ts
 * for await (const { key, entity } of readKeyRange(mapper.connection, 'devices', meta, { prefix: Buffer.from('phone#') }))
 *   console.log(printableKey(key), entity);
 * ```
 */
export async function* readKeyRange(
  connection: BigtableConnection,
  tableId: string,
  meta: EntityMetadata,
  options: KeyRangeReadOptions = {},
): AsyncGenerator<{ readonly key: Uint8Array; readonly entity: object }> {
  checkConnectionAndTable('readKeyRange', connection, tableId);
  checkObject({ api: 'readKeyRange', argument: 'meta' }, meta, 'entity metadata (getEntityMetadata(Class))');
  checkOptions({ api: 'readKeyRange', argument: 'options' }, options);
  const plan = compileRangeRead(meta, options, (options.now ?? Date.now)(), options);
  for await (const row of runQueryPlan(connection, tableId, meta, plan, {
    hydrate: true,
    ...(options.onDecodeError ? { onDecodeError: options.onDecodeError } : {}),
  }))
    if (row.entity) yield { key: row.key, entity: row.entity };
}
