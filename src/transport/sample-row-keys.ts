import { appProfileOf } from './app-profile.js';
import type { BigtableConnection } from './bigtable-connection.js';
import { callUnary } from './call-unary.js';
import type { UnaryCallOptions } from './call-unary.js';
import { dataCallMetadata } from './data-call-metadata.js';
import { readyDataStub } from './on-data-stub.js';
import { stubCallOptions } from './unary-on-stub.js';
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

type SampleAnswer = { rowKey?: Uint8Array | string | null; offsetBytes?: unknown };

/**
 * The table's split points as SampleRowKeys returns them, in key order. A small table (and the emulator's table,
 * which is never split) answers only the empty end key. A read: a failed attempt is retried as a whole (its partial
 * answers dropped) under the retry policy, with the service's RetryInfo delays and routing cookies, within
 * `timeoutMs` (default 30 s) for the whole call.
 *
 * @example
 * ```ts
 * const splits = (await sampleRowKeys(conn, 'devices')).filter((s) => s.key.length > 0);
 * ```
 */
export async function sampleRowKeys(
  connection: BigtableConnection,
  tableId: string,
  options: Omit<UnaryCallOptions, 'safety' | 'rowKey' | 'entity' | 'client'> = {},
): Promise<RowKeySample[]> {
  const request = {
    tableName: connection.tablePath(tableId),
    appProfileId: appProfileOf(connection, 'sampleRowKeys', options),
  };
  return callUnary(
    connection,
    'SampleRowKeys',
    async (attempt) => {
      const out: RowKeySample[] = [];
      // Sent on the stub as every other data call is (the generated serializer and client headers, plus the
      // attempt's own headers, deadline and measured interceptor); retries are callUnary's.
      const stub = readyDataStub(connection, 'sampleRowKeys');
      const method = stub.sampleRowKeys;
      const stream: AsyncIterable<SampleAnswer> = stub.makeServerStreamRequest(
        method.path,
        method.requestSerialize,
        method.responseDeserialize,
        request,
        dataCallMetadata(request, attempt.otherArgs?.headers),
        stubCallOptions(attempt),
      );
      for await (const answer of stream) {
        const key = answer.rowKey ?? new Uint8Array();
        out.push({
          key: typeof key === 'string' ? Buffer.from(key, 'base64') : Uint8Array.from(key),
          offsetBytes: toBigInt(answer.offsetBytes),
        });
      }
      return out;
    },
    { ...options, safety: 'read', timeoutMs: options.timeoutMs ?? 30_000 },
  );
}
