/**
 * What Bigtable reports about one ReadRows attempt when asked for `REQUEST_STATS_FULL` (`google.bigtable.v2.
 * RequestStats`, full read stats view): rows and cells the server looked at versus returned (a filter that drops
 * most of what it scans shows here), and the front end's latency. Counts are `bigint` (int64 on the wire).
 *
 * @example
 * ```ts
 * const onRequestStats = (s: ReadRowsRequestStats) => console.log(s.rowsSeen, s.rowsReturned);
 * ```
 */
export interface ReadRowsRequestStats {
  readonly rowsSeen: bigint;
  readonly rowsReturned: bigint;
  readonly cellsSeen: bigint;
  readonly cellsReturned: bigint;
  /** The front end's latency for the attempt, in milliseconds; undefined when the server did not report it. */
  readonly frontendServerLatencyMs: number | undefined;
}
