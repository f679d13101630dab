import type { KeyRange } from '../../codecs/key/key-codec-types.js';
import type { RowFilter } from '../../model/read-rows-request.js';

/**
 * The planner's description of one ReadRows, before compilation: the row set (sorted, disjoint key ranges; a
 * single unbounded range is the whole table; `[]` means no row can match and nothing is sent), the filter, the
 * server-side row limit and the direction. `compileRequest` is the only code that turns it into a request.
 *
 * @example
 * ```ts
 * const plan: RequestPlan = { ranges: [prefixKeyRange(p)], filter: undefined, rowsLimit: 10, reversed: false };
 * ```
 */
export interface RequestPlan {
  readonly ranges: readonly KeyRange[];
  readonly filter: RowFilter | undefined;
  readonly rowsLimit: number | undefined;
  readonly reversed: boolean;
}
