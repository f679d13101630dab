import type { VersionCheck } from '../mapping/save-mutations.js';
import type { RowFilter } from '../model/read-rows-request.js';
import { chainFilters, columnFilter } from '../query/index.js';

/** Every version cell of one version, whatever follows the 8 version bytes: `v` up to `v‖FF×8`, both closed. */
const WRITE_ID_MAX = new Uint8Array(8).fill(0xff);

/**
 * The filter that yields the row's version cell only when it is the expected one: exactly `check.cell` when the
 * cell read is known (so a row re-created at the same version since, whose cell carries another write id, fails),
 * else any cell of version `check.expected` (the plain 8 bytes older code wrote, or 8 bytes and a write id).
 * `check.expected` must be set.
 *
 * @example
 * ```ts
 * const filter = versionMatchFilter({ family: 'meta', qualifier, expected: int64Codec.encode(3n) });
 * ```
 */
export function versionMatchFilter(
  check: Pick<VersionCheck, 'family' | 'qualifier' | 'expected' | 'cell'>,
): RowFilter {
  const start = check.cell ?? check.expected!;
  const end = check.cell ?? Uint8Array.from([...check.expected!, ...WRITE_ID_MAX]);
  return chainFilters([
    columnFilter(check.family, check.qualifier),
    { cellsPerColumnLimit: 1 },
    { valueRange: { startValueClosed: start, endValueClosed: end } },
  ])!;
}

/**
 * The CheckAndMutateRow predicate of an optimistic-locking write, and the branch that must match for the write to
 * go through. Expected version present: "the newest version cell is the expected one" (see
 * {@link versionMatchFilter}) must match. Absent (a new entity): "a version cell exists" must NOT match.
 *
 * @example
 * ```ts
 * const { predicate, applyOn } = versionPredicate(save.version);
 * ```
 */
export function versionPredicate(check: Pick<VersionCheck, 'family' | 'qualifier' | 'expected' | 'cell'>): {
  readonly predicate: RowFilter;
  readonly applyOn: 'match' | 'noMatch';
} {
  if (check.expected === undefined) {
    const column = columnFilter(check.family, check.qualifier);
    return { predicate: chainFilters([column, { cellsPerColumnLimit: 1 }])!, applyOn: 'noMatch' };
  }
  return { predicate: versionMatchFilter(check), applyOn: 'match' };
}
