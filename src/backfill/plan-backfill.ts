import type { KeyRange } from './split-key-span.js';
import type { ReadRowsRequestData } from '../model/read-rows-request.js';
import { toRowRange } from '../query/index.js';
import type { KeySpan } from './split-key-span.js';
import { coveringSpan, keysInside, shardCuts, splitKeySpan } from './split-key-span.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { readRows } from '../transport/read-rows.js';
import { sampleRowKeys } from '../transport/sample-row-keys.js';
import type { CallPolicy } from '../transport/call-policy.js';
import { callOptions } from '../transport/call-policy.js';

/**
 * New shards for a backfill, and how their cuts were chosen.
 *
 * @example
 * ```ts
 * const { span, shards, method } = await planShards(conn, 'users', ranges, 4, policy);
 * ```
 */
export interface ShardPlan {
  readonly span: KeySpan;
  readonly shards: readonly KeySpan[];
  readonly method: 'samples' | 'even';
}

async function edgeKey(
  connection: BigtableConnection,
  tableId: string,
  ranges: readonly KeyRange[],
  reversed: boolean,
  policy: CallPolicy,
): Promise<Uint8Array | undefined> {
  const request: ReadRowsRequestData = {
    rows: { rowKeys: [], rowRanges: ranges.map(toRowRange) },
    filter: { chain: [{ cellsPerRowLimit: 1 }, { stripValue: true }] },
    rowsLimit: 1n,
    reversed,
  };
  for await (const row of readRows(connection, tableId, request, callOptions(policy))) return row.key;
  return undefined;
}

/**
 * Cuts the entity's key span (under the backfill's prefix) into `count` shards: at the table's SampleRowKeys split
 * points when they give enough cuts inside the span; otherwise (a small table, or the emulator, which never splits
 * one) by even byte-wise interpolation between the first and the last existing key of the span, read with two
 * one-row scans (see `interpolateKeys`). The shards always cover the whole span, rows written later included.
 *
 * @example
 * ```ts
 * const plan = await planShards(conn, 'users', meta.key.codec.ranges({}), 4, policy);
 * ```
 */
export async function planShards(
  connection: BigtableConnection,
  tableId: string,
  ranges: readonly KeyRange[],
  count: number,
  policy: CallPolicy,
): Promise<ShardPlan> {
  const span = coveringSpan(ranges);
  const samples = (await sampleRowKeys(connection, tableId)).map((s) => s.key);
  if (count < 2 || keysInside(span, samples).length >= count - 1)
    return { span, shards: splitKeySpan(span, shardCuts(span, samples, count)), method: 'samples' };
  const first = await edgeKey(connection, tableId, ranges, false, policy);
  const last = await edgeKey(connection, tableId, ranges, true, policy);
  const occupied = first && last ? { start: first, end: Uint8Array.from([...last, 0]) } : undefined;
  return { span, shards: splitKeySpan(span, shardCuts(span, [], count, occupied)), method: 'even' };
}
