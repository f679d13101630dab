import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { ReadRowsRequestStats } from '../../model/read-rows-request-stats.js';
import type { CallRecord } from '../../observe/call-record.js';

/**
 * `explain({ analyze: true })`: run the read and report what it cost next to the plan.
 *
 * @example
 * ```ts
 * const analysis = await devices.find({ deviceType: 'phone' }).explain({ analyze: true });
 * ```
 */
export interface ExplainOptions {
  readonly analyze: true;
}

/**
 * The server's own read-efficiency stats (`RequestStats`, full view), summed over the read's attempts that got
 * them, as Bigtable sends them when asked.
 *
 * @example
 * ```ts
 * const { server } = await query.explain({ analyze: true });
 * if (server) console.log(`${server.rowsSeen} rows seen for ${server.rowsReturned} returned`);
 * ```
 */
export interface ServerReadStats {
  readonly rowsSeen: bigint;
  readonly rowsReturned: bigint;
  readonly cellsSeen: bigint;
  readonly cellsReturned: bigint;
  /** Summed front-end latency of the attempts that reported it, in milliseconds. */
  readonly frontendServerLatencyMs: number | undefined;
  /** Attempts whose stats these are. */
  readonly attempts: number;
}

/**
 * What a read did, measured while it ran (`explain({ analyze: true })`), with the plan it ran.
 *
 * @example
 * ```ts
 * const a = await devices.find({ deviceType: 'phone' }).where('cpu', '>', 0.5).explain({ analyze: true });
 * console.log(a.text); // the plan, then: rows received vs returned, cells, bytes, requests, attempts, duration
 * if (a.rowsReceived > 10 * a.rowsReturned) console.warn('most rows read are dropped on the client');
 * ```
 */
export interface ExplainAnalysis {
  /** The plan, as `explain()` renders it. */
  readonly plan: string;
  /** Rows Bigtable sent (before client-side conditions, other entities' rows, decode skips and the client limit). */
  readonly rowsReceived: number;
  readonly cellsReceived: number;
  /** Rows the read returned. */
  readonly rowsReturned: number;
  /** ReadRows response bytes received. */
  readonly bytesReceived: number;
  /** ReadRows requests sent (a read topped up after skipped rows, or a collection's several ranges, send more). */
  readonly requests: number;
  /** Tries, first tries and retries (resumptions). */
  readonly attempts: number;
  readonly durationMs: number;
  /**
   * Bigtable's own stats; undefined when the server sent none (a read that ends at its last requested key, as a
   * lookup does, may end before the response that carries them).
   */
  readonly server: ServerReadStats | undefined;
  /** The plan and the analysis as text. */
  readonly text: string;
}

/**
 * Checks the argument of `explain()` when it is an object: only `{ analyze: true }` is one.
 *
 * @example
 * ```ts
 * checkExplainOptions('Query<Device>.explain', { analyze: true });
 * ```
 */
export function checkExplainOptions(api: string, options: unknown): asserts options is ExplainOptions {
  if ((options as { analyze?: unknown } | null)?.analyze !== true)
    throw new InvalidArgumentError({
      api,
      argument: 'options',
      value: options,
      expected: "a query mode ('rows', 'count', 'exists') or { analyze: true }",
    });
}

function serverStats(stats: readonly ReadRowsRequestStats[]): ServerReadStats | undefined {
  if (stats.length === 0) return undefined;
  let latency: number | undefined;
  const sum = { rowsSeen: 0n, rowsReturned: 0n, cellsSeen: 0n, cellsReturned: 0n };
  for (const s of stats) {
    sum.rowsSeen += s.rowsSeen;
    sum.rowsReturned += s.rowsReturned;
    sum.cellsSeen += s.cellsSeen;
    sum.cellsReturned += s.cellsReturned;
    if (s.frontendServerLatencyMs !== undefined) latency = (latency ?? 0) + s.frontendServerLatencyMs;
  }
  return { ...sum, frontendServerLatencyMs: latency, attempts: stats.length };
}

/**
 * The analysis of a read from its plan text and the record of its run.
 *
 * @example
 * ```ts
 * const analysis = explainAnalysis(explainRead(compiled), record);
 * ```
 */
export function explainAnalysis(plan: string, record: CallRecord): ExplainAnalysis {
  const server = serverStats(record.requestStats);
  const durationMs = record.durationMs ?? 0;
  const lines = [
    'analysis:',
    `  rows received ${record.rowsReceived}, returned ${record.rowsReturned}`,
    `  cells received ${record.cellsReceived}, bytes received ${record.bytesReceived}`,
    `  requests ${record.requests}, attempts ${record.attempts}`,
    `  duration ${durationMs.toFixed(1)} ms`,
    server === undefined
      ? '  server stats: none sent'
      : `  server: rows seen ${server.rowsSeen}, returned ${server.rowsReturned}; cells seen ${server.cellsSeen}, ` +
        `returned ${server.cellsReturned}` +
        (server.frontendServerLatencyMs === undefined
          ? ''
          : `; front-end latency ${server.frontendServerLatencyMs} ms`),
  ];
  return Object.freeze({
    plan,
    rowsReceived: record.rowsReceived,
    cellsReceived: record.cellsReceived,
    rowsReturned: record.rowsReturned,
    bytesReceived: record.bytesReceived,
    requests: record.requests,
    attempts: record.attempts,
    durationMs,
    server: server && Object.freeze(server),
    text: `${plan.trimEnd()}\n${lines.join('\n')}\n`,
  });
}
