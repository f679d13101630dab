import { isPointKeyRange } from '../../codecs/key/key-range.js';
import type { ReadRowsRequestData } from '../../model/read-rows-request.js';
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
  const rowKeys = ranges.filter(isPointKeyRange).map((r) => r.start!.key);
  const rowRanges = ranges.filter((r) => !isPointKeyRange(r)).map(toRowRange);
  return Object.freeze({
    ...(whole ? {} : { rows: Object.freeze({ rowKeys, rowRanges }) }),
    ...(filter ? { filter } : {}),
    ...(rowsLimit === undefined ? {} : { rowsLimit: BigInt(rowsLimit) }),
    ...(reversed ? { reversed: true } : {}),
  });
}
