import type { EntityMetadata } from '../../../metadata/entity-metadata.js';
import type { RowFilter } from '../../../model/read-rows-request.js';
import { familyPolicyFilter } from './family-policy-filter.js';
import type { FamilyPolicy } from './family-policy-filter.js';
import { gcKeepFilter } from './gc-filter.js';

const LATEST_CELL: RowFilter = Object.freeze({ cellsPerColumnLimit: 1 });

/**
 * Per (frozen) entity, its whole-entity read filter when it does not depend on the clock (no `maxAge` rule): asked
 * on every `get`, so it is built once. `null` marks an entity whose filter is rebuilt per read.
 */
const WHOLE_READ = new WeakMap<EntityMetadata, { readonly filter: RowFilter | undefined } | null>();

/** Whether any property stored in the family exposes its cell history. */
function needsHistory(meta: EntityMetadata, family: string): boolean {
  return meta.fields.some(
    (f) => f.family === family && (f.kind === 'column' || f.kind === 'aggregate') && f.versioned,
  );
}

/**
 * What a whole-entity read keeps of each family: what its GC rule would keep (GC is lazy) and, unless a property
 * shows the history, only the newest cell per column, which is all hydration uses.
 */
function familyPolicies(
  meta: EntityMetadata,
  nowMillis: number,
  families: readonly string[],
): FamilyPolicy[] {
  return families.map((name) => {
    const family = meta.families.find((f) => f.name === name);
    const gc = family?.gcRule === undefined ? undefined : gcKeepFilter(family.gcRule, nowMillis);
    return { family: name, keep: [gc, needsHistory(meta, name) ? undefined : LATEST_CELL] };
  });
}

/**
 * The filter of a read of the given families of an entity (all by default) that returns no other family's cells:
 * per family what {@link familyPolicies} keeps, in the cheapest form (`familyPolicyFilter`).
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
  return familyPolicyFilter(familyPolicies(meta, nowMillis, families), { onlyTheseFamilies: true });
}

/**
 * The filter of a read of whole entities of one type. The hydrator ignores cells of families the entity does not
 * declare, and a row holds one entity, so the family restriction of `entityReadFilter` is dropped wherever it
 * changes nothing the hydrator returns: when every family keeps the same cells (the newest per column, which a
 * `maxVersions(N)` GC rule does not narrow further; or the same time window) the request carries that one row-wide
 * filter, the cheapest for the server to run (`{ cellsPerColumnLimit: 1 }` for most entities).
 *
 * @example
 * ```ts
 * wholeEntityReadFilter(getEntityMetadata(Device), Date.now()); // { cellsPerColumnLimit: 1 }
 * ```
 */
export function wholeEntityReadFilter(meta: EntityMetadata, nowMillis: number): RowFilter | undefined {
  const cached = WHOLE_READ.get(meta);
  if (cached) return cached.filter;
  const filter =
    meta.families.length === 0
      ? LATEST_CELL
      : familyPolicyFilter(
          familyPolicies(
            meta,
            nowMillis,
            meta.families.map((f) => f.name),
          ),
          { onlyTheseFamilies: false },
        );
  if (cached === undefined)
    WHOLE_READ.set(
      meta,
      meta.families.some((f) => f.gcRule !== undefined && hasMaxAge(f.gcRule)) ? null : { filter },
    );
  return filter;
}

function hasMaxAge(rule: NonNullable<EntityMetadata['families'][number]['gcRule']>): boolean {
  if ('maxAgeMillis' in rule) return true;
  if ('union' in rule) return rule.union.some(hasMaxAge);
  if ('intersection' in rule) return rule.intersection.some(hasMaxAge);
  return false;
}
