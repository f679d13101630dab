import type { KeyRange } from '../codecs/key/key-codec-types.js';
import type { ReadRowsRequestData } from '../model/read-rows-request.js';

/**
 * The rows a request reads, as key ranges (row keys as point ranges; an absent or empty row set as the whole table).
 *
 * @example
 * ```ts
 * requestKeyRanges({ rows: { rowKeys: [], rowRanges: [{ startKeyClosed: Buffer.from('video#') }] } }); // [{ start: video# }]
 * ```
 */
export function requestKeyRanges(request: ReadRowsRequestData): KeyRange[] {
  const rowKeys = request.rows?.rowKeys ?? [];
  const rowRanges = request.rows?.rowRanges ?? [];
  if (rowKeys.length === 0 && rowRanges.length === 0) return [{}];
  return [
    ...rowKeys.map((key) => ({ start: { key, inclusive: true }, end: { key, inclusive: true } })),
    ...rowRanges.map((r) => {
      const start = r.startKeyClosed ?? r.startKeyOpen;
      const end = r.endKeyClosed ?? r.endKeyOpen;
      return {
        ...(start === undefined ? {} : { start: { key: start, inclusive: r.startKeyClosed !== undefined } }),
        ...(end === undefined ? {} : { end: { key: end, inclusive: r.endKeyClosed !== undefined } }),
      };
    }),
  ];
}
