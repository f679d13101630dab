import type { EntityMetadata } from '../../../metadata/entity-metadata.js';
import type { RowFilter } from '../../../model/read-rows-request.js';
import { chainFilters, interleaveFilters } from './compose-filters.js';
import { familyFilter, familyPattern } from './column-filters.js';
import { gcKeepFilter } from './gc-filter.js';

/** Per (frozen) entity, whether its whole-entity read is {@link LATEST_CELL}: asked on every `get`. */
const LATEST_ONLY = new WeakMap<EntityMetadata, boolean>();
const LATEST_CELL: RowFilter = Object.freeze({ cellsPerColumnLimit: 1 });

/** Whether any property stored in the family exposes its cell history. */
function needsHistory(meta: EntityMetadata, family: string): boolean {
  return meta.fields.some(
    (f) => f.family === family && (f.kind === 'column' || f.kind === 'aggregate') && f.versioned,
  );
}

/**
 * The filter of a whole-entity read: only the entity's families; in each, only what its GC rule would keep (GC is
 * lazy) and, unless a property shows the history, only the newest cell per column, which is all hydration uses.
 * Families that need neither are selected together by one name pattern.
 *
 * @example
 * ```ts
 * const filter = entityReadFilter(getEntityMetadata(Video), Date.now());
 * ```
 */
export function entityReadFilter(
  meta: EntityMetadata,
  nowMillis: number,
  families: readonly string[] = meta.families.map((f) => f.name),
): RowFilter | undefined {
  const plain: string[] = [];
  const branches: Array<RowFilter | undefined> = [];
  for (const name of families) {
    const family = meta.families.find((f) => f.name === name);
    const gc = family?.gcRule === undefined ? undefined : gcKeepFilter(family.gcRule, nowMillis);
    const latestOnly = needsHistory(meta, name) ? undefined : ({ cellsPerColumnLimit: 1 } as const);
    if (gc === undefined && latestOnly === undefined) plain.push(name);
    else branches.push(chainFilters([familyFilter(name), gc, latestOnly]));
  }
  if (plain.length > 0) {
    branches.push({
      familyNameRegex:
        plain.length === 1 ? familyPattern(plain[0]!) : `(?:${plain.map(familyPattern).join('|')})`,
    });
  }
  return interleaveFilters(branches);
}

/**
 * The filter of a read of whole entities of one type: `entityReadFilter`, except when every family of the entity
 * wants just the newest cell of each column with no GC rule to hide cells by. Then the family restriction changes
 * nothing the hydrator returns (it ignores cells of families the entity does not declare, and a row holds one
 * entity), so the request carries only `cellsPerColumnLimit: 1`: the cheapest filter for the server to run, and
 * no filter at all would send every old version of every column.
 *
 * @example
 * ```ts
 * wholeEntityReadFilter(getEntityMetadata(Device), Date.now()); // { cellsPerColumnLimit: 1 }
 * ```
 */
export function wholeEntityReadFilter(meta: EntityMetadata, nowMillis: number): RowFilter | undefined {
  let latestOnly = LATEST_ONLY.get(meta);
  if (latestOnly === undefined) {
    latestOnly = meta.families.every(
      (family) => family.gcRule === undefined && !needsHistory(meta, family.name),
    );
    LATEST_ONLY.set(meta, latestOnly);
  }
  return latestOnly ? LATEST_CELL : entityReadFilter(meta, nowMillis);
}
