import { appProfileOf } from './app-profile.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { TransportError } from '../errors/transport-error.js';
import type { ReadRowsRequestData } from '../model/read-rows-request.js';
import type { CallRecord } from '../observe/call-record.js';
import type { RowData } from '../model/row-data.js';
import { abandonStream } from './abandon-stream.js';
import { abortableSleep } from './abortable-sleep.js';
import { boundReadAhead } from './bound-read-ahead.js';
import type { ReadAheadSource } from './bound-read-ahead.js';
import type { BigtableConnection } from './bigtable-connection.js';
import { CallScope } from './call-scope.js';
import type { CallTimeouts } from './call-timeouts.js';
import { DEFAULT_TIMEOUTS } from './call-timeouts.js';
import { ChunkMerger } from './chunk-merger.js';
import { dataCallHeaders } from './data-call-headers.js';
import { ReadRowsResponseDecoder } from './decode-read-rows-response.js';
import { mayRetry } from './failure-delivery.js';
import { onDemandIterator } from './on-demand-iterator.js';
import { openReadRowsStream } from './open-read-rows-stream.js';
import type { ReadRowsByteStream } from './open-read-rows-stream.js';
import { READ_IDLE_WATCH } from './idle-watch.js';
import { GrpcStatus, GrpcStatusFailure, grpcCodeOf, toTransportError } from './grpc-error.js';
import type { ReadRowsRequestStats } from './read-rows-request-stats.js';
import { readRowsResume } from './read-rows-resume.js';
import { ResponsePull } from './response-pull.js';
import { readyDataStub } from './on-data-stub.js';
import { retryDelayOf, retryInfoAllowsRetry } from './retry-info.js';
import { RoutingCookies } from './routing-cookies.js';
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
  /** Aborting cancels the RPC in flight (or the backoff wait) and ends the iteration with an AbortedError. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Deadline of the whole read in milliseconds, counted from the first `next()`: it spans every attempt, every
   * backoff and the consumer's own time between rows; past it the iteration ends with DeadlineExceededError.
   * Default: none (see `timeouts.readIdleMs` and the retry window for what bounds a stalled read).
   */
  readonly timeoutMs?: number | undefined;
  /** The deadline shared with the other RPCs of the same public call (see `BoundCallOptions`). */
  readonly deadlineAt?: number | undefined;
  /** `readIdleMs` bounds each attempt's silence while the consumer waits for rows. */
  readonly timeouts?: CallTimeouts | undefined;
  /**
   * Resumes after retryable failures (default codes 4, 8, 10, 14; also INTERNAL stream resets and idle attempts).
   * `maxAttempts` and `maxElapsedMs` bound the failed attempts since the last progress (a row or a scanned key),
   * so a long scan that keeps advancing between failures is never given up on. `maxAttempts: 1` never retries.
   */
  readonly retry?: Partial<RetryPolicy> | undefined;
  /** App profile of this read, replacing the connection's (e.g. a Data Boost or low-priority profile for scans). */
  readonly appProfileId?: string | undefined;
  /**
   * Asks Bigtable for `REQUEST_STATS_FULL` and hands over the stats each attempt ends with (rows and cells seen
   * versus returned, front-end latency) when they arrive, with an attempt's last response and before that
   * response's rows are yielded: once for a read without retries, once per attempt that got that far otherwise.
   * A read that stops early (a reached `rowsLimit`, a `break`) may end before the stats come.
   */
  readonly onRequestStats?: ((stats: ReadRowsRequestStats) => void) | undefined;
  /**
   * The public call's record: attempts, rows, cells and bytes received are counted in it (and the server's stats,
   * which are asked for when the record wants them).
   *
   * @internal The per-call record is the SDK's own.
   */
  readonly record?: CallRecord | undefined;
}

/**
 * The most response bytes an attempt holds for its consumer beyond the message being read: gRPC's own bound is 16
 * messages, which on a real cluster (messages of up to megabytes) would let one slow `for await` pin tens of MiB.
 */
const READ_AHEAD_MAX_BYTES = 4 * 1024 * 1024;

/** `ReadRowsRequest.RequestStatsView.REQUEST_STATS_FULL`. */
const REQUEST_STATS_FULL = 2;

/** The failure of an attempt that stayed silent for `readIdleMs`: retryable like a deadline. */
function idleFailure(idleMs: number): GrpcStatusFailure {
  return new GrpcStatusFailure(GrpcStatus.DEADLINE_EXCEEDED, `no response for ${idleMs} ms`);
}

/**
 * The key after which a request that reads only row keys has nothing left: its greatest key (least when reversed).
 * Undefined when it reads any range (rows may come up to the range's end, which no key received can prove).
 */
function finalKeyOf(request: ReadRowsRequestData): Uint8Array | undefined {
  const rows = request.rows;
  if (rows === undefined || rows.rowRanges.length > 0 || rows.rowKeys.length === 0) return undefined;
  const order = request.reversed ? -1 : 1;
  let last = rows.rowKeys[0]!;
  for (const key of rows.rowKeys) if (Buffer.compare(key, last) * order > 0) last = key;
  return last;
}

/**
 * Whether nothing is left to read: the row limit was reached, or the read (of row keys only) has passed its final
 * key; no row is half-read. Any range is left to the stream's own end.
 */
function isComplete(
  request: ReadRowsRequestData,
  merger: ChunkMerger,
  rowsRead: bigint,
  finalKey: Uint8Array | undefined,
): boolean {
  if (merger.hasPartialRow) return false;
  if (request.rowsLimit !== undefined && rowsRead >= request.rowsLimit) return true;
  const at = merger.resumeKey;
  if (finalKey === undefined || at === undefined) return false;
  return Buffer.compare(at, finalKey) * (request.reversed ? -1 : 1) >= 0;
}

/**
 * Reads rows with the ReadRows RPC, merging chunks into byte-exact {@link RowData} with our own state machine,
 * and resumes after retryable failures from the last row received (both directions, `rowsLimit` reduced).
 * Rows are pulled from the gRPC stream only as fast as the consumer iterates, so memory stays bounded. Leaving
 * the loop early (`break`, `return`, a thrown error), aborting the signal or closing the connection cancels the
 * RPC. An attempt silent for `timeouts.readIdleMs` while rows are awaited is abandoned and resumed, so a frozen
 * server ends in an error once the retry window is spent, never in a hang.
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
  for await (const rows of readRowBatches(connection, tableId, request, options)) yield* rows;
}

/** {@link boundReadAhead} on a stream that is a Readable (stub-level fakes may not be): what to call per message. */
function boundedReadAhead(stream: ReadRowsByteStream): ((message: Uint8Array) => void) | undefined {
  const readable = stream as ReadRowsByteStream & Partial<ReadAheadSource>;
  return typeof readable._read === 'function' && typeof readable.push === 'function'
    ? boundReadAhead(readable as ReadAheadSource, READ_AHEAD_MAX_BYTES)
    : undefined;
}

/**
 * {@link readRows}, one batch per ReadRows response (each non-empty, in order): a scan of many small rows costs
 * one asynchronous step per response instead of one per row. After each batch the call checks its signal, the
 * connection and its deadline, so a consumer that stops in the middle of a batch and asks for the next one gets the
 * typed error.
 *
 * @example
 * ```ts
 * for await (const rows of readRowBatches(conn, 'devices', request)) for (const row of rows) use(row);
 * ```
 */
export function readRowBatches(
  connection: BigtableConnection,
  tableId: string,
  request: ReadRowsRequestData,
  options: ReadRowsOptions = {},
): AsyncIterableIterator<readonly RowData[], void, undefined> {
  return onDemandIterator((sink) => forEachRowBatch(connection, tableId, request, options, sink));
}

/**
 * Takes each batch of {@link readRowBatches}: `true` (or a promise of it) to read on, `false` to stop there (the
 * RPC is cancelled). A promise holds the read until it settles; it must not reject, and the callback must not throw
 * (the read would take it for the stream's failure).
 */
export type RowBatchSink = (rows: readonly RowData[]) => boolean | Promise<boolean>;

/**
 * {@link readRowBatches} for a consumer that takes batches through a callback: a consumer that takes each batch at
 * once (a `get`, `toArray`) returns `true` and the read makes no promise per batch; it waits only for the network.
 * Resolves when the read is complete or the sink stopped it.
 *
 * @example
 * ```ts
 * await forEachRowBatch(conn, 'devices', request, {}, (rows) => (rows.forEach(use), true));
 * ```
 */
export async function forEachRowBatch(
  connection: BigtableConnection,
  tableId: string,
  request: ReadRowsRequestData,
  options: ReadRowsOptions,
  onBatch: RowBatchSink,
): Promise<void> {
  const retry = resolveRetryPolicy(options.retry, DEFAULT_RETRY_POLICY);
  const idleMs = options.timeouts?.readIdleMs ?? DEFAULT_TIMEOUTS.readIdleMs;
  if (request.rowsLimit !== undefined && request.rowsLimit <= 0n) {
    if (request.rowsLimit < 0n)
      throw new InvalidArgumentError({
        api: 'readRows',
        argument: 'request.rowsLimit',
        value: request.rowsLimit,
        expected: 'a non-negative row count',
      });
    return;
  }
  const tableName = connection.tablePath(tableId);
  // Converting up front makes a malformed request fail before any RPC; the first attempt sends this conversion.
  const appProfileId = appProfileOf(connection, 'readRows', options);
  const { record } = options;
  if (record && request.rows?.rowKeys.length === 1 && request.rows.rowRanges.length === 0)
    record.rowKey ??= request.rows.rowKeys[0];
  const withStats = options.onRequestStats !== undefined || record?.wantsRequestStats === true;
  const toProto = (data: ReadRowsRequestData): ReturnType<typeof toProtoReadRowsRequest> => {
    const proto = toProtoReadRowsRequest(tableName, appProfileId, data);
    return withStats ? { ...proto, requestStatsView: REQUEST_STATS_FULL } : proto;
  };
  const firstProto = toProto(request);
  const scope = new CallScope('ReadRows', connection.closeSignal, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    deadlineAt: options.deadlineAt,
    record,
    appProfileId,
  });
  const merger = new ChunkMerger({ reversed: request.reversed === true });
  const decoder = new ReadRowsResponseDecoder();
  const finalKey = finalKeyOf(request);
  const cookies = new RoutingCookies();
  let rowsRead = 0n;
  let failures = 0;
  let failingSince: number | undefined;

  try {
    for (;;) {
      scope.throwIfStopped();
      const next = readRowsResume(request, { lastKey: merger.resumeKey, rowsRead });
      if (next === 'done') return;
      // Once the data client is set up (its stub is there) there is nothing to wait for: awaiting its settled
      // promise anyway cost every read two promises (and, under a tracing context manager, their hooks).
      if (connection.dataStub === undefined) {
        await connection.ready('data').catch((error: unknown) => {
          throw scope.stopReason() ?? toTransportError('ReadRows', error);
        });
        scope.throwIfStopped();
      }
      const remainingMs = scope.remainingMs();

      const stub = readyDataStub(connection, 'readRows');
      let stream: ReadRowsByteStream;
      try {
        stream = openReadRowsStream(stub, next === request ? firstProto : toProto(next), {
          timeoutMs: remainingMs,
          headers: dataCallHeaders(cookies.values, record?.clientSideMetrics),
        });
      } catch (error) {
        throw toTransportError('ReadRows', error);
      }
      stream.on('metadata', (headers: unknown) => {
        cookies.collect(headers);
        attempt?.headers?.(headers);
      });
      const taken = boundedReadAhead(stream);
      // The consumer's time between rows is not the server's silence: the watch is disarmed while rows are out.
      // One watch per attempt, re-armed per response: no allocation per response (see IdleWatch).
      let idleFired = false;
      const idle = READ_IDLE_WATCH.watch(idleMs, () => {
        idleFired = true;
        abandonStream(stream);
      });
      const unlisten = scope.onStop(() => abandonStream(stream));
      let finished = false;
      let retryAfterMs: number | undefined;
      const attempt = scope.beginAttempt();
      // A measured attempt reads its trailers too (a read that got all its rows leaves before they come).
      if (attempt?.headers !== undefined)
        stream.on('status', (status) => attempt.headers?.(status?.metadata));
      let failure: unknown;
      const pull = new ResponsePull(stream);
      try {
        idle.arm();
        for (;;) {
          // A response already received is taken without a promise; only a consumer that caught up waits.
          let bytes = pull.take();
          if (bytes === undefined) bytes = await pull.wait();
          if (bytes === null) break;
          taken?.(bytes);
          idle.disarm();
          const before = merger.resumeKey;
          attempt?.responded?.();
          const response = decoder.decode(bytes);
          if (response.requestStats) {
            options.onRequestStats?.(response.requestStats);
            record?.stats(response.requestStats);
          }
          const rows = merger.pushResponse(response);
          record?.received(bytes.length, rows);
          if (rows.length > 0) {
            scope.throwIfStopped();
            rowsRead += BigInt(rows.length);
            failures = 0;
            failingSince = undefined;
            // The time until the consumer asks for more is the application's (built-in metrics).
            const handedAt = attempt === undefined ? 0 : performance.now();
            const more = onBatch(rows);
            if (more !== true && (more === false || !(await more))) return;
            attempt?.blocked?.(performance.now() - handedAt);
          }
          // A scanned key with no row is progress too: the resumed request will skip what was scanned.
          if (merger.resumeKey !== before) {
            failures = 0;
            failingSince = undefined;
          }
          scope.throwIfStopped();
          // Every requested row is in (a get's key, a reached rowsLimit): the rows are final, and only the call's
          // status is left to come. Leaving the loop drops the stream as hand-written code does instead of waiting
          // for the trailers; no cancel is needed, since the server ends the call right after its last row.
          if (merger.resumeKey !== before && isComplete(request, merger, rowsRead, finalKey)) {
            stream.on('error', () => undefined);
            finished = true;
            return;
          }
          idle.arm();
        }
        idle.disarm();
        // An abandoned stream (idle, stopped) may end without an error: that is not the end of the rows.
        scope.throwIfStopped();
        if (idleFired) throw idleFailure(idleMs);
        merger.finish();
        finished = true;
        return;
      } catch (caught) {
        failure = caught;
        idle.disarm();
        // The stream's gRPC deadline is the call's: its DEADLINE_EXCEEDED may beat the deadline watch by a moment.
        if (remainingMs !== undefined && !idleFired && grpcCodeOf(caught) === GrpcStatus.DEADLINE_EXCEEDED)
          scope.expireDeadline();
        scope.throwIfStopped();
        // Our own errors (invalid stream) are final.
        if (caught instanceof TransportError) throw caught;
        const error = idleFired ? idleFailure(idleMs) : caught;
        cookies.collectFrom(caught);
        failures += 1;
        failingSince ??= Date.now();
        // The service's RetryInfo sets the delay and makes the failure retryable (within the same bounds).
        const serverDelay = retryDelayOf(error);
        const delay = serverDelay ?? backoffMs(retry, failures);
        const left = scope.remainingMs();
        const retryable =
          (mayRetry('read', error, retry.retryableCodes) ||
            (serverDelay !== undefined && retryInfoAllowsRetry('read', error))) &&
          failures < retry.maxAttempts &&
          Date.now() - failingSince + delay < retry.maxElapsedMs &&
          (left === undefined || delay < left);
        if (!retryable) throw toTransportError('ReadRows', error);
        merger.discardPartialRow();
        retryAfterMs = delay;
      } finally {
        idle.stop();
        unlisten();
        if (!finished) abandonStream(stream);
        pull.release();
        attempt?.end(failure);
      }
      try {
        await abortableSleep(retryAfterMs, scope.signal);
      } catch {
        scope.throwIfStopped();
      }
    }
  } finally {
    scope.dispose();
  }
}
