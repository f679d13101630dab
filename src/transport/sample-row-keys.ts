import { appProfileOf } from './app-profile.js';
import type { BigtableConnection } from './bigtable-connection.js';
import { dataCallHeaders } from './data-call-headers.js';
import { gaxCallOptions } from './gax-call-options.js';
import { toTransportError } from './grpc-error.js';
import { toBigInt } from './to-bigint.js';

/**
 * One answer of SampleRowKeys: a row key that splits the table (the last one is empty: the end of the table) and
 * the approximate number of bytes stored before it.
 *
 * @example
 * ```ts
 * const sample: RowKeySample = { key: Buffer.from('phone#5'), offsetBytes: 1_048_576n };
 * ```
 */
export interface RowKeySample {
  readonly key: Uint8Array;
  readonly offsetBytes: bigint;
}

/**
 * The table's split points as SampleRowKeys returns them, in key order. A small table (and the emulator's table,
 * which is never split) answers only the empty end key. Not retried: the caller can simply ask again.
 *
 * @example
 * ```ts
 * const splits = (await sampleRowKeys(conn, 'devices')).filter((s) => s.key.length > 0);
 * ```
 */
export async function sampleRowKeys(
  connection: BigtableConnection,
  tableId: string,
  options: { readonly timeoutMs?: number; readonly appProfileId?: string } = {},
): Promise<RowKeySample[]> {
  const appProfileId = appProfileOf(connection, 'sampleRowKeys', options);
  const out: RowKeySample[] = [];
  try {
    await connection.ready('data');
    const stream = connection.data.sampleRowKeys(
      {
        tableName: connection.tablePath(tableId),
        appProfileId,
      },
      gaxCallOptions({ timeoutMs: options.timeoutMs ?? 30_000, headers: dataCallHeaders() }),
    ) as unknown as AsyncIterable<{ rowKey?: Uint8Array | string | null; offsetBytes?: unknown }>;
    for await (const answer of stream) {
      const key = answer.rowKey ?? new Uint8Array();
      out.push({
        key: typeof key === 'string' ? Buffer.from(key, 'base64') : Uint8Array.from(key),
        offsetBytes: toBigInt(answer.offsetBytes),
      });
    }
  } catch (error) {
    throw toTransportError('SampleRowKeys', error);
  }
  return out;
}
