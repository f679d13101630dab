import type { VersionCheck } from '../mapping/save-mutations.js';
import type { RowFilter } from '../model/read-rows-request.js';
import { chainFilters } from '../query/filters/compose-filters.js';
import { columnFilter } from '../query/filters/column-filters.js';

/**
 * The CheckAndMutateRow predicate of an optimistic-locking write, and the branch that must match for the write to
 * go through. Expected version present: "the newest version cell equals it" must match. Absent (a new entity):
 * "a version cell exists" must NOT match.
 *
 * @example
 * ```ts
 * const { predicate, applyOn } = versionPredicate(save.version);
 * ```
 */
export function versionPredicate(check: Pick<VersionCheck, 'family' | 'qualifier' | 'expected'>): {
  readonly predicate: RowFilter;
  readonly applyOn: 'match' | 'noMatch';
} {
  const column = columnFilter(check.family, check.qualifier);
  if (check.expected === undefined) {
    return { predicate: chainFilters([column, { cellsPerColumnLimit: 1 }])!, applyOn: 'noMatch' };
  }
  const predicate = chainFilters([
    column,
    { cellsPerColumnLimit: 1 },
    { valueRange: { startValueClosed: check.expected, endValueClosed: check.expected } },
  ])!;
  return { predicate, applyOn: 'match' };
}
