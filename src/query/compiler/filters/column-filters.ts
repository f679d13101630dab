import { InvalidArgumentError } from '../../../errors/invalid-argument-error.js';
import type { RowFilter } from '../../../model/read-rows-request.js';
import { chainFilters } from './compose-filters.js';

/**
 * RE2 pattern matching exactly one family name. Family names are `[-_.a-zA-Z0-9]+`, so escaping `.` and `-` is
 * enough. Qualifiers and values are selected with byte ranges, which need no escaping and no regex engine (row keys
 * are matched by regex only for their shape: see key-shape-filter.ts for how bytes are written there).
 *
 * @example
 * ```ts
 * familyPattern('a.b'); // 'a\\.b'
 * ```
 */
export function familyPattern(family: string): string {
  return family.replace(/[.\-\\^$|?*+()[\]{}]/g, (c) => `\\${c}`);
}

/**
 * Cells of one family, as a column range with no qualifier bounds: the same cells as a family-name regex, which the
 * emulator compiles and matches per cell at about four times the CPU of a column range (the measured cost model is
 * in docs/performance.md; `npm run bench:filters` measures it again).
 *
 * @example
 * ```ts
 * familyFilter('stats'); // { columnRange: { family: 'stats' } }
 * ```
 */
export function familyFilter(family: string): RowFilter {
  return { columnRange: { family } };
}

/**
 * The family of a filter that is exactly {@link familyFilter}'s whole-family column range; undefined otherwise.
 *
 * @example
 * ```ts
 * wholeFamilyOf(familyFilter('d')); // 'd'
 * ```
 */
export function wholeFamilyOf(filter: RowFilter): string | undefined {
  const range = filter.columnRange;
  if (range === undefined) return undefined;
  const bounded =
    range.startQualifierClosed !== undefined ||
    range.startQualifierOpen !== undefined ||
    range.endQualifierClosed !== undefined ||
    range.endQualifierOpen !== undefined;
  return bounded ? undefined : range.family;
}

/**
 * Cells of exactly one column, selected by a closed byte range [q, q] (works for any qualifier bytes).
 *
 * @example
 * ```ts
 * columnFilter('stats', Buffer.from('cpu'));
 * ```
 */
export function columnFilter(family: string, qualifier: Uint8Array): RowFilter {
  return { columnRange: { family, startQualifierClosed: qualifier, endQualifierClosed: qualifier } };
}

/**
 * Cells of one family whose qualifier lies in a byte range; an unset bound is open-ended. With no bounds it is the
 * whole family.
 *
 * @example
 * ```ts
 * qualifierRangeFilter('comments', { startClosed: Buffer.from('2024'), endOpen: Buffer.from('2025') });
 * ```
 */
export function qualifierRangeFilter(
  family: string,
  range: {
    readonly startClosed?: Uint8Array;
    readonly startOpen?: Uint8Array;
    readonly endClosed?: Uint8Array;
    readonly endOpen?: Uint8Array;
  },
): RowFilter {
  if (!range.startClosed && !range.startOpen && !range.endClosed && !range.endOpen)
    return familyFilter(family);
  return {
    columnRange: {
      family,
      ...(range.startClosed ? { startQualifierClosed: range.startClosed } : {}),
      ...(range.startOpen ? { startQualifierOpen: range.startOpen } : {}),
      ...(range.endClosed ? { endQualifierClosed: range.endClosed } : {}),
      ...(range.endOpen ? { endQualifierOpen: range.endOpen } : {}),
    },
  };
}

/**
 * The newest `n` cells of each column, restricted to `filter` when given.
 *
 * @example
 * ```ts
 * latestCells(1, familyFilter('stats')); // { chain: [{ familyNameRegex: 'stats' }, { cellsPerColumnLimit: 1 }] }
 * ```
 */
export function latestCells(n: number, filter?: RowFilter): RowFilter {
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
    throw new InvalidArgumentError({
      api: 'latestCells',
      argument: 'n',
      value: n,
      expected: 'an integer in [1, 2^31-1]',
    });
  }
  return chainFilters([filter, { cellsPerColumnLimit: n }]) as RowFilter;
}
