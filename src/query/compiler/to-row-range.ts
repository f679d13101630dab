import type { KeyRange } from '../../codecs/key/key-codec-types.js';
import type { RowRange } from '../../model/read-rows-request.js';

/**
 * A planner key range as the request's `RowRange` (closed or open bounds; an absent bound stays absent).
 *
 * @example
 * ```ts
 * toRowRange({ start: { key: Buffer.from('a'), inclusive: true } }); // { startKeyClosed: <61> }
 * ```
 */
export function toRowRange(range: KeyRange): RowRange {
  return {
    ...(range.start
      ? range.start.inclusive
        ? { startKeyClosed: range.start.key }
        : { startKeyOpen: range.start.key }
      : {}),
    ...(range.end
      ? range.end.inclusive
        ? { endKeyClosed: range.end.key }
        : { endKeyOpen: range.end.key }
      : {}),
  } as RowRange;
}
