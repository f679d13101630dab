import { isPointKeyRange } from '../../codecs/key/key-range.js';
import type { ReadRowsRequestData, RowRange } from '../../model/read-rows-request.js';
import type { RequestPlan } from '../planner/request-plan.js';
import { toRowRange } from './to-row-range.js';

/**
 * The one place a planned read becomes a frozen ReadRows request: point ranges become row keys, other ranges row
 * ranges, a single unbounded range no row set at all (the whole table), and an empty row set no request (an empty
 * RowSet would read the whole table).
 *
 * @example
 * ```ts
 * const request = compileRequest({ ranges, filter, rowsLimit: 10, reversed: false });
 * ```
 */
export function compileRequest(plan: RequestPlan): ReadRowsRequestData | undefined {
  const { ranges, filter, rowsLimit, reversed } = plan;
  if (ranges.length === 0) return undefined;
  const whole = ranges.length === 1 && ranges[0]!.start === undefined && ranges[0]!.end === undefined;
  const rowKeys: Uint8Array[] = [];
  const rowRanges: RowRange[] = [];
  for (const range of ranges) {
    if (isPointKeyRange(range)) rowKeys.push(range.start!.key);
    else rowRanges.push(toRowRange(range));
  }
  return Object.freeze({
    ...(whole ? {} : { rows: Object.freeze({ rowKeys, rowRanges }) }),
    ...(filter ? { filter } : {}),
    ...(rowsLimit === undefined ? {} : { rowsLimit: BigInt(rowsLimit) }),
    ...(reversed ? { reversed: true } : {}),
  });
}
