import type { KeyRange } from '../../codecs/key/key-codec-types.js';
import type { ReadRowsRequestData } from '../../model/read-rows-request.js';
import type { RequestPlan } from '../planner/request-plan.js';
import { toRowRange } from './to-row-range.js';

function isPoint(range: KeyRange): boolean {
  return (
    range.start !== undefined &&
    range.end !== undefined &&
    range.start.inclusive &&
    range.end.inclusive &&
    Buffer.compare(range.start.key, range.end.key) === 0
  );
}

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
  const rowKeys = ranges.filter(isPoint).map((r) => r.start!.key);
  const rowRanges = ranges.filter((r) => !isPoint(r)).map(toRowRange);
  return Object.freeze({
    ...(whole ? {} : { rows: Object.freeze({ rowKeys, rowRanges }) }),
    ...(filter ? { filter } : {}),
    ...(rowsLimit === undefined ? {} : { rowsLimit: BigInt(rowsLimit) }),
    ...(reversed ? { reversed: true } : {}),
  });
}
