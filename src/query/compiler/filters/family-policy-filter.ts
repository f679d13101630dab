import type { RowFilter } from '../../../model/read-rows-request.js';
import { familyFilter } from './column-filters.js';
import { chainFilters, interleaveFilters } from './compose-filters.js';
import { sameFilter } from './same-filter.js';

/**
 * What a read keeps of one family's cells: the members of a chain applied to them (a GC keep filter, the newest
 * cell per column, a time window …; `undefined` members are skipped, none at all keeps every cell).
 *
 * @example
 * ```ts
 * const policy: FamilyPolicy = { family: 'd', keep: [{ cellsPerColumnLimit: 1 }] };
 * ```
 */
export interface FamilyPolicy {
  readonly family: string;
  readonly keep: ReadonlyArray<RowFilter | undefined>;
}

/**
 * The cheapest filter that keeps, in each listed family, exactly what its policy keeps (cost model measured on the
 * emulator, docs/performance.md): when other families' cells do not matter (`onlyTheseFamilies: false`: the
 * hydrator ignores them) and every family keeps the same, that policy alone, row-wide (about 1× the CPU of no
 * filter); otherwise one branch per family selected by a column range (about 2×; a family-name regex costs 4–5×).
 *
 * @example
 * ```ts
 * familyPolicyFilter([{ family: 'd', keep: [{ cellsPerColumnLimit: 1 }] }], { onlyTheseFamilies: false });
 * // { cellsPerColumnLimit: 1 }
 * ```
 */
export function familyPolicyFilter(
  policies: readonly FamilyPolicy[],
  options: { readonly onlyTheseFamilies: boolean },
): RowFilter | undefined {
  const keeps = policies.map((p) => chainFilters(p.keep));
  if (!options.onlyTheseFamilies && keeps.length > 0 && keeps.every((k) => sameFilter(k, keeps[0])))
    return keeps[0];
  return interleaveFilters(policies.map((p, i) => chainFilters([familyFilter(p.family), keeps[i]])));
}
