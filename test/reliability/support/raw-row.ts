import type { Mapper } from '../../../src/repository/mapper.js';
import { readRows } from '../../../src/transport/read-rows.js';

/** A row as the server holds it: family → qualifier (utf8) → newest value (utf8). */
export type RawRow = Map<string, Map<string, string>>;

/**
 * Reads one row straight from the server, bypassing the entity mapping, so that tests can check cells an entity
 * could not even be hydrated from (a row holding only a set, say). Undefined when the row does not exist.
 *
 * @example
 * ```ts
 * const row = await rawRow(pair.direct, pair.tableIds.rel_profiles!, repo.keyOf({ id: 'x' }));
 * expect([...row!.get('tags')!.keys()]).toEqual(['a', 'b']);
 * ```
 */
export async function rawRow(mapper: Mapper, tableId: string, key: Uint8Array): Promise<RawRow | undefined> {
  for await (const row of readRows(mapper.connection, tableId, { rows: { rowKeys: [key], rowRanges: [] } })) {
    const out: RawRow = new Map();
    // Cells come newest first within a column: keep the first one seen.
    for (const cell of row.cells) {
      const family = out.get(cell.family) ?? new Map<string, string>();
      const qualifier = Buffer.from(cell.qualifier).toString('utf8');
      if (!family.has(qualifier)) family.set(qualifier, Buffer.from(cell.value).toString('utf8'));
      out.set(cell.family, family);
    }
    return out;
  }
  return undefined;
}

/** The qualifiers of one family of a raw row, sorted (empty when the row or family is absent). */
export function qualifiersOf(row: RawRow | undefined, family: string): string[] {
  return [...(row?.get(family)?.keys() ?? [])].sort();
}
