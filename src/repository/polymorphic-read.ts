import type { KeyRange, KeyValue } from '../codecs/key/key-codec-types.js';
import { QueryError } from '../errors/query-error.js';
import { hydrateEntity } from '../mapping/hydrate-entity.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import { keyOwner } from '../metadata/key-owner.js';
import type { RowRange } from '../model/read-rows-request.js';
import { interleaveFilters } from '../query/filters/compose-filters.js';
import { entityReadFilter } from '../query/filters/entity-read-filter.js';
import { normalizeKeyRanges } from '../codecs/key/key-range.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { readRows } from '../transport/read-rows.js';

function toRowRange(range: KeyRange): RowRange {
  return {
    ...(range.start ? { [range.start.inclusive ? 'startKeyClosed' : 'startKeyOpen']: range.start.key } : {}),
    ...(range.end ? { [range.end.inclusive ? 'endKeyClosed' : 'endKeyOpen']: range.end.key } : {}),
  } as RowRange;
}

/**
 * Reads the rows of several entities of one table that share leading key values, in ONE ReadRows, and hydrates
 * each row as the entity its key decodes as ({@link keyOwner}; the metadata guarantees that no key decodes as two
 * entities of a table, even when one's keys lie under the other's prefix, as comments under a video). Each entity
 * contributes the ranges of its own keys with the shared values as leading parts (those it has, in key order);
 * the filter reads each family once, with the read rules of an entity declaring it. Rows come back in key order.
 *
 * @example
 * ```ts
 * for await (const e of readPolymorphic(conn, 'billing', [invoiceMeta, paymentMeta], { invoiceId: 'i1' }, Date.now())) {
 *   if (e instanceof Payment) total += e.amount;
 * }
 * ```
 */
export async function* readPolymorphic(
  connection: BigtableConnection,
  tableId: string,
  metas: readonly EntityMetadata[],
  shared: Readonly<Record<string, unknown>>,
  nowMillis: number,
): AsyncGenerator<object> {
  const owned: Array<{ meta: EntityMetadata; ranges: KeyRange[] }> = metas.map((meta) => {
    const leading: Record<string, KeyValue> = {};
    for (const part of meta.key.parts) {
      const value = shared[part.property];
      if (value === undefined) break;
      leading[part.property] = value as KeyValue;
    }
    if (Object.keys(leading).length === 0) {
      throw new QueryError({
        entity: meta.name,
        property: meta.key.parts[0]?.property,
        problem:
          'a polymorphic read needs the first key part of every entity (else it would scan the entity)',
      });
    }
    return { meta, ranges: meta.key.codec.ranges(leading) };
  });
  const ranges = normalizeKeyRanges(owned.flatMap((o) => o.ranges));
  if (ranges.length === 0) return;
  const families = new Map<string, EntityMetadata>();
  for (const meta of metas)
    for (const f of meta.families) if (!families.has(f.name)) families.set(f.name, meta);
  const filter = interleaveFilters(
    [...families].map(([family, meta]) => entityReadFilter(meta, nowMillis, [family])),
  );
  const request = { rows: { rowKeys: [], rowRanges: ranges.map(toRowRange) }, ...(filter ? { filter } : {}) };
  for await (const row of readRows(connection, tableId, request)) {
    const owner = keyOwner(metas, row.key);
    if (owner) yield hydrateEntity(owner, row);
  }
}
