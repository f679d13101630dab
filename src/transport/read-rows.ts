import { TransportError } from '../errors/transport-error.js';
import type { ReadRowsRequestData } from '../model/read-rows-request.js';
import type { RowData } from '../model/row-data.js';
import { abortableSleep } from './abortable-sleep.js';
import type { BigtableConnection } from './bigtable-connection.js';
import { ChunkMerger } from './chunk-merger.js';
import type { ReadRowsResponseLike } from './chunk-merger.js';
import { gaxCallOptions } from './gax-call-options.js';
import { GrpcStatus, isRetryableGrpcError, toTransportError } from './grpc-error.js';
import { readRowsResume } from './read-rows-resume.js';
import { resolveRetryPolicy } from './resolve-retry-policy.js';
import type { RetryPolicy } from './retry-policy.js';
import { DEFAULT_RETRY_POLICY, backoffMs } from './retry-policy.js';
import { toProtoReadRowsRequest } from './to-proto-read-rows-request.js';

/**
 * Options of {@link readRows}.
 *
 * @example
 * ```ts
 * const options: ReadRowsOptions = { signal: AbortSignal.timeout(5_000), retry: { maxAttempts: 3 } };
 * ```
 */
export interface ReadRowsOptions {
  /** Aborting cancels the RPC in flight (or the backoff wait) and ends the iteration with a CANCELLED error. */
  readonly signal?: AbortSignal;
  /**
   * Deadline of the whole read in milliseconds, counted from the first `next()`: it spans every attempt, every
   * backoff and the consumer's own time between rows. Each attempt is sent with the remaining time as its gRPC
   * deadline; no retry starts once the remaining time cannot cover its backoff. Default: none (the generated
   * client's per-call timeout, 12 h, still applies to each attempt).
   */
  readonly deadlineMs?: number;
  /**
   * Resumes after failures with `retryableCodes` (default 4, 8, 10, 14; also INTERNAL stream resets).
   * `maxAttempts` bounds the failed attempts since the last progress (a row or a scanned key; the attempt that
   * made it and then failed counts as the first), so a long scan that keeps advancing between failures is never
   * given up on. `maxAttempts: 1` never retries. Default {@link DEFAULT_READ_ROWS_RETRY}.
   */
  readonly retry?: Partial<RetryPolicy>;
}

/** Defaults for {@link ReadRowsOptions.retry}: the SDK's policy, with more patience for long scans. */
export const DEFAULT_READ_ROWS_RETRY: RetryPolicy = Object.freeze({
  ...DEFAULT_RETRY_POLICY,
  maxAttempts: 10,
});

/** Feature flags `{ reverse_scans: true }`, base64url; without it the server answers UNIMPLEMENTED to reversed reads. */
const REVERSE_SCAN_HEADERS = { 'bigtable-features': 'CAE=' };

/** The slice of the gax stream this module uses. */
type ResponseStream = AsyncIterable<ReadRowsResponseLike> & {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  cancel?: () => void;
  destroy?: () => unknown;
};

/** Stops an attempt for good: cancels the RPC (ending the iterator does not) and frees the stream. */
function abandon(stream: ResponseStream): void {
  // Late errors (the CANCELLED status our cancel provokes) must not become unhandled 'error' events.
  stream.on('error', () => undefined);
  stream.cancel?.();
  stream.destroy?.();
}

function cancelled(signal: AbortSignal): TransportError {
  return new TransportError('ReadRows', 'aborted by the caller', GrpcStatus.CANCELLED, signal.reason);
}

function deadlineExceeded(deadlineMs: number): TransportError {
  return new TransportError(
    'ReadRows',
    `deadline of ${deadlineMs} ms exceeded`,
    GrpcStatus.DEADLINE_EXCEEDED,
  );
}

/**
 * Reads rows with the ReadRows RPC, merging chunks into byte-exact {@link RowData} with our own state machine,
 * and resumes after retryable failures from the last row received (both directions, `rowsLimit` reduced).
 * Rows are pulled from the gRPC stream only as fast as the consumer iterates, so memory stays bounded. Leaving
 * the loop early (`break`, `return`, a thrown error) or aborting the signal cancels the RPC.
 *
 * @example
 * ```ts
 * for await (const row of readRows(conn, 'devices', { rows: { rowKeys: [], rowRanges: [{ startKeyClosed: Buffer.from('phone#') }] }, rowsLimit: 100n })) {
 *   console.log(Buffer.from(row.key).toString(), row.cells.length);
 * }
 * ```
 */
export async function* readRows(
  connection: BigtableConnection,
  tableId: string,
  request: ReadRowsRequestData,
  options: ReadRowsOptions = {},
): AsyncGenerator<RowData, void, undefined> {
  const { signal, deadlineMs } = options;
  const retry = resolveRetryPolicy(options.retry, DEFAULT_READ_ROWS_RETRY);
  if (deadlineMs !== undefined && !(deadlineMs > 0)) {
    throw new RangeError(`deadlineMs must be positive, got ${deadlineMs}`);
  }
  if (request.rowsLimit !== undefined && request.rowsLimit <= 0n) {
    if (request.rowsLimit < 0n)
      throw new RangeError(`rowsLimit must not be negative, got ${request.rowsLimit}`);
    return;
  }
  const tableName = connection.tablePath(tableId);
  // Converting once up front makes a malformed request fail before any RPC.
  toProtoReadRowsRequest(tableName, connection.appProfileId, request);
  const deadlineAt = deadlineMs === undefined ? undefined : Date.now() + deadlineMs;
  const headers = request.reversed ? REVERSE_SCAN_HEADERS : undefined;
  const merger = new ChunkMerger({ reversed: request.reversed === true });
  let rowsRead = 0n;
  let failures = 0;

  for (;;) {
    if (signal?.aborted) throw cancelled(signal);
    const next = readRowsResume(request, { lastKey: merger.resumeKey, rowsRead });
    if (next === 'done') return;
    const remainingMs = deadlineAt === undefined ? undefined : deadlineAt - Date.now();
    if (remainingMs !== undefined && remainingMs <= 0) throw deadlineExceeded(deadlineMs!);

    let stream: ResponseStream;
    try {
      stream = connection.data.readRows(
        toProtoReadRowsRequest(tableName, connection.appProfileId, next),
        gaxCallOptions({ timeoutMs: remainingMs, headers }),
      ) as unknown as ResponseStream;
    } catch (error) {
      throw toTransportError('ReadRows', error);
    }
    const onAbort = (): void => stream.cancel?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    let finished = false;
    let retryAfterMs: number | undefined;
    try {
      for await (const response of stream) {
        const before = merger.resumeKey;
        for (const row of merger.pushResponse(response)) {
          if (signal?.aborted) throw cancelled(signal);
          rowsRead += 1n;
          failures = 0;
          yield row;
        }
        // A scanned key with no row is progress too: the resumed request will skip what was scanned.
        if (merger.resumeKey !== before) failures = 0;
      }
      merger.finish();
      finished = true;
      return;
    } catch (error) {
      // Our own errors (invalid stream, cancellation) are final; so is anything after an abort.
      if (error instanceof TransportError) throw error;
      if (signal?.aborted) throw cancelled(signal);
      failures += 1;
      const delay = backoffMs(retry, failures);
      const outOfTime = deadlineAt !== undefined && Date.now() + delay >= deadlineAt;
      if (!isRetryableGrpcError(error, retry.retryableCodes) || failures >= retry.maxAttempts || outOfTime) {
        throw toTransportError('ReadRows', error);
      }
      merger.discardPartialRow();
      retryAfterMs = delay;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (!finished) abandon(stream);
    }
    try {
      await abortableSleep(retryAfterMs, signal);
    } catch {
      throw cancelled(signal!);
    }
  }
}
