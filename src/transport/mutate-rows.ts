import { appProfileOf } from './app-profile.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Mutation } from '../model/mutation.js';
import { abortableSleep } from './abortable-sleep.js';
import type { BigtableConnection } from './bigtable-connection.js';
import type { CallRecord } from '../observe/call-record.js';
import { CallScope } from './call-scope.js';
import type { CallTimeouts } from './call-timeouts.js';
import { DEFAULT_TIMEOUTS } from './call-timeouts.js';
import { dataCallHeaders } from './data-call-headers.js';
import { failureDelivery, isPermanentFailure } from './failure-delivery.js';
import { dataCallMetadata } from './data-call-metadata.js';
import { readyDataStub } from './on-data-stub.js';
import { GrpcStatus, grpcCodeOf, toTransportError } from './grpc-error.js';
import type { EntryStatus, MutateRowsEntryResult } from './plan-mutate-rows-retry.js';
import { initialMutateRowsRetryState, planMutateRowsRetry } from './plan-mutate-rows-retry.js';
import { retryDelayOf, retryInfoAllowsRetry } from './retry-info.js';
import type { RateLimitHint } from './mutate-rows-limiter.js';
import { mutateRowsLimiterOf } from './mutate-rows-limiter.js';
import { toBigInt } from './to-bigint.js';
import { RoutingCookies } from './routing-cookies.js';
import { resolveRetryPolicy } from './resolve-retry-policy.js';
import type { RetryPolicy } from './retry-policy.js';
import { DEFAULT_RETRY_POLICY, backoffMs } from './retry-policy.js';
import { abandonStream } from './abandon-stream.js';
import type { CancellableStream } from './abandon-stream.js';
import type { PreparedMutateRowsEntry } from './prepare-mutate-rows-entry.js';
import type { EncodedMutateRowsRequest } from './serialize-mutate-rows-request.js';
import { serializeMutateRowsRequest } from './serialize-mutate-rows-request.js';
import { MAX_MUTATIONS_PER_REQUEST, prepareMutateRowsEntry } from './prepare-mutate-rows-entry.js';

/**
 * One row of a MutateRows batch: its mutations are applied atomically; the batch as a whole is not atomic.
 *
 * @example
 * ```ts
 * const entry: MutateRowsEntry = { rowKey: Buffer.from('phone#1'), mutations: [{ kind: 'deleteFromRow' }] };
 * ```
 */
export interface MutateRowsEntry {
  readonly rowKey: Uint8Array;
  readonly mutations: readonly Mutation[];
}

/**
 * Options of {@link mutateRows}.
 *
 * @example
 * ```ts
 * const options: MutateRowsOptions = { timeoutMs: 30_000, retry: { maxAttempts: 5 } };
 * ```
 */
export interface MutateRowsOptions {
  /**
   * Aborting cancels the request in flight and stops retrying: entries it cut off are `unknown`, entries not sent
   * yet are `notWritten`. Closing the connection does the same.
   */
  readonly signal?: AbortSignal | undefined;
  /** Deadline of the whole batch (all requests, retries and backoffs). Default `timeouts.totalMs` (60 s). */
  readonly timeoutMs?: number | undefined;
  /** The deadline shared with the other RPCs of the same public call (see `BoundCallOptions`). */
  readonly deadlineAt?: number | undefined;
  readonly timeouts?: CallTimeouts | undefined;
  /**
   * `maxAttempts` counts attempts in total, the first included (Google's `max_retries` + 1). Only entries that
   * provably applied nothing are re-sent: answered with one of `retryableCodes`, or never sent.
   */
  readonly retry?: Partial<RetryPolicy> | undefined;
  /** Mutations per request; Bigtable refuses more than 100,000 (the default). */
  readonly maxMutationsPerRequest?: number | undefined;
  /** Approximate payload bytes per request (default 20 MiB); one larger entry still goes alone. */
  readonly maxRequestBytes?: number | undefined;
  /** The entity class of the rows, for error messages. */
  readonly entity?: string | undefined;
  /** App profile of this batch, replacing the connection's (e.g. a low-priority profile for a backfill). */
  readonly appProfileId?: string | undefined;
  /**
   * The public call's record (see `BoundCallOptions.record`).
   *
   * @internal The per-call record is the SDK's own.
   */
  readonly record?: CallRecord | undefined;
}

const MAX_MUTATIONS = MAX_MUTATIONS_PER_REQUEST;
/** The status of nearly every entry: one shared object, not one per written row. */
const ANSWERED_OK: EntryStatus = Object.freeze({ code: 0, message: '', delivery: 'answered' });
const DEFAULT_REQUEST_BYTES = 20 * 1024 * 1024;

/** Splits the pending entries into requests that respect both limits, keeping their order. */
function splitRequests(
  pending: readonly number[],
  entries: readonly PreparedMutateRowsEntry[],
  maxMutations: number,
  maxBytes: number,
): number[][] {
  const requests: number[][] = [];
  let current: number[] = [];
  let mutations = 0;
  let bytes = 0;
  for (const index of pending) {
    const entry = entries[index]!;
    const size = entry.requestBytes;
    if (current.length > 0 && (mutations + entry.mutationCount > maxMutations || bytes + size > maxBytes)) {
      requests.push(current);
      current = [];
      mutations = 0;
      bytes = 0;
    }
    current.push(index);
    mutations += entry.mutationCount;
    bytes += size;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}

interface MutateRowsResponseLike {
  readonly entries?: readonly {
    readonly index?: string | number | null;
    readonly status?: { readonly code?: number | null; readonly message?: string | null } | null;
  }[];
  readonly rateLimitInfo?: {
    readonly period?: { readonly seconds?: unknown; readonly nanos?: number | null } | null;
    readonly factor?: number | null;
  } | null;
}

/** A response's flow-control hint (`RateLimitInfo`), undefined when it carries none. */
function rateLimitHintOf(response: MutateRowsResponseLike): RateLimitHint | undefined {
  const info = response.rateLimitInfo;
  if (info === undefined || info === null) return undefined;
  const periodMs = Number(toBigInt(info.period?.seconds)) * 1_000 + (info.period?.nanos ?? 0) / 1e6;
  return { periodMs, factor: info.factor ?? 1 };
}

type ResponseStream = AsyncIterable<MutateRowsResponseLike> &
  CancellableStream & {
    on(event: 'metadata', listener: (headers: unknown) => void): unknown;
    /** The call's status with its trailers (also after a success). */
    on(event: 'status', listener: (status: { readonly metadata?: unknown } | undefined) => void): unknown;
  };

/**
 * Sends one request; returns one status per entry sent. An entry the service answered has its own status; the
 * others take the RPC's failure with what it tells about delivery (never sent, or unknown).
 */
async function sendRequest(
  connection: BigtableConnection,
  tableName: string,
  batch: readonly number[],
  entries: readonly PreparedMutateRowsEntry[],
  attemptMs: number,
  scope: CallScope,
  cookies: RoutingCookies,
  appProfileId: string,
  round: number,
): Promise<EntryStatus[]> {
  const statuses: (EntryStatus | undefined)[] = batch.map(() => undefined);
  // Server-driven flow control: wait for this request's slot (no wait unless the service asked for it). A stop
  // while waiting leaves the entries unsent, below.
  const limiter = mutateRowsLimiterOf(connection);
  const wait = limiter.reserve();
  let throttledMs = 0;
  if (wait > 0) {
    const since = performance.now();
    await abortableSleep(wait, scope.signal).catch(() => undefined);
    throttledMs = performance.now() - since;
  }
  const stoppedBeforeSending = scope.stopReason();
  if (stoppedBeforeSending !== undefined) {
    return batch.map(() => ({
      code: GrpcStatus.CANCELLED,
      message: stoppedBeforeSending.message,
      delivery: 'notSent',
    }));
  }
  // Prepared entries are encoded already: a request holds the batch's own entries (its own array when it carries the
  // whole batch), and its serializer copies their bytes into one buffer.
  const request: EncodedMutateRowsRequest = {
    tableName,
    appProfileId,
    entries: batch.length === entries.length ? entries : batch.map((index) => entries[index]!),
  };
  let rpcFailure: EntryStatus | undefined;
  let stream: ResponseStream | undefined;
  const onStop = (): void => {
    if (stream) abandonStream(stream);
  };
  let remaining: number | undefined;
  // Each request of a round is a first try; a later round's requests are retries.
  const attempt = scope.beginAttempt(round);
  // The built-in metrics' throttling_latencies.
  if (throttledMs > 0) attempt?.throttled?.(throttledMs);
  let attemptFailure: unknown;
  try {
    await connection.ready('data');
    scope.throwIfStopped();
    remaining = scope.remainingMs();
    // Sent on the stub as ReadRows is (the generated client's headers; the bytes its serializer would write, held to
    // it by a property test): gax's stream layers add client CPU to every request and nothing else (its retries are
    // off; ours run here).
    const stub = readyDataStub(connection, 'mutateRows');
    const method = stub.mutateRows;
    stream = stub.makeServerStreamRequest(
      method.path,
      serializeMutateRowsRequest,
      method.responseDeserialize,
      request,
      dataCallMetadata(request, dataCallHeaders(cookies.values, scope.record?.clientSideMetrics)),
      { deadline: Date.now() + Math.max(1, Math.ceil(Math.min(attemptMs, remaining ?? attemptMs))) },
    ) as ResponseStream;
    stream.on('metadata', (headers: unknown) => {
      cookies.collect(headers);
      attempt?.headers?.(headers);
    });
    // Trailers too, also of an attempt that succeeded: its failed entries are retried with the cookies it set.
    stream.on('status', (status) => {
      cookies.collect(status?.metadata);
      attempt?.headers?.(status?.metadata);
    });
    scope.signal.addEventListener('abort', onStop, { once: true });
    for await (const response of stream) {
      limiter.onResponse(rateLimitHintOf(response));
      for (const entry of response.entries ?? []) {
        const position = Number(entry.index ?? 0);
        if (position >= 0 && position < statuses.length) {
          const code = entry.status?.code ?? 0;
          const message = entry.status?.message ?? '';
          statuses[position] =
            code === 0 && message === '' ? ANSWERED_OK : { code, message, delivery: 'answered' };
        }
      }
    }
    // A stream abandoned because the call was stopped may end without an error.
    const stopped = scope.stopReason();
    if (stopped !== undefined) {
      rpcFailure = { code: GrpcStatus.CANCELLED, message: stopped.message, delivery: 'unknown' };
    }
  } catch (error) {
    attemptFailure = error;
    cookies.collectFrom(error);
    if (stream !== undefined) limiter.onFailure(grpcCodeOf(error));
    // The attempt's gRPC deadline was the call's (capped by what was left): its DEADLINE_EXCEEDED may beat the
    // deadline watch by a moment, and it is the call's deadline all the same.
    if (
      remaining !== undefined &&
      remaining <= attemptMs &&
      grpcCodeOf(error) === GrpcStatus.DEADLINE_EXCEEDED
    )
      scope.expireDeadline();
    const stopped = scope.stopReason();
    if (stopped !== undefined) {
      // Stopped by the caller, the deadline or close(): the request may be on its way, unless it never left.
      rpcFailure = {
        code: GrpcStatus.CANCELLED,
        message: stopped.message,
        delivery: stream === undefined ? 'notSent' : 'unknown',
      };
    } else {
      const failure = toTransportError('MutateRows', error);
      const serverDelay = retryDelayOf(error);
      rpcFailure = {
        code: grpcCodeOf(error) ?? GrpcStatus.UNKNOWN,
        message: failure.message,
        delivery:
          stream === undefined ? 'notSent' : isPermanentFailure(error) ? 'answered' : failureDelivery(error),
        ...(serverDelay !== undefined && retryInfoAllowsRetry('write', error)
          ? { retryDelayMs: serverDelay }
          : {}),
      };
    }
    if (stream) abandonStream(stream);
  } finally {
    scope.signal.removeEventListener('abort', onStop);
    attempt?.end(attemptFailure);
  }
  return statuses.map(
    (s) =>
      s ??
      rpcFailure ?? {
        code: GrpcStatus.UNKNOWN,
        message: 'MutateRows ended without a status for this entry',
        delivery: 'unknown',
      },
  );
}

/** The longest delay the service asked for (RetryInfo) in an attempt's statuses, if it asked for any. */
function serverRetryDelay(statuses: readonly EntryStatus[]): number | undefined {
  let delay: number | undefined;
  for (const status of statuses) {
    if (status.retryDelayMs !== undefined) delay = Math.max(delay ?? 0, status.retryDelayMs);
  }
  return delay;
}

/**
 * Applies a batch of row mutations with MutateRows and reports one outcome per entry, in input order: written,
 * not written, or unknown (sent without an answer). Requests are split to respect Bigtable's limits. Entries that
 * provably applied nothing (answered with a retryable code, or never sent) are re-sent with exponential backoff
 * within the retry policy and the deadline; an entry with an unknown outcome is never re-sent, because a re-send
 * could overwrite another writer's later change. Failures never throw: they are outcomes. Throws only for invalid
 * arguments, before sending anything.
 *
 * @example
 * ```ts
 * const results = await mutateRows(conn, 'devices', [
 *   { rowKey: Buffer.from('phone#1'), mutations: [{ kind: 'deleteFromRow' }] },
 * ]);
 * if (!results[0]!.ok) console.error(results[0]!.outcome, results[0]!.grpcCode, results[0]!.message);
 * ```
 */
export async function mutateRows(
  connection: BigtableConnection,
  tableId: string,
  entries: readonly MutateRowsEntry[],
  options: MutateRowsOptions = {},
): Promise<MutateRowsEntryResult[]> {
  maxMutationsOf(options);
  const prepared = entries.map((entry, i) =>
    prepareMutateRowsEntry(entry.rowKey, entry.mutations, options.entity, `entries[${i}]`),
  );
  return mutatePreparedRows(connection, tableId, prepared, options);
}

function maxMutationsOf(options: MutateRowsOptions): number {
  const maxMutations = options.maxMutationsPerRequest ?? MAX_MUTATIONS;
  if (!Number.isInteger(maxMutations) || maxMutations < 1 || maxMutations > MAX_MUTATIONS) {
    throw new InvalidArgumentError({
      api: 'mutateRows',
      argument: 'maxMutationsPerRequest',
      value: maxMutations,
      expected: `an integer in [1, ${MAX_MUTATIONS}]`,
    });
  }
  return maxMutations;
}

/**
 * {@link mutateRows} for entries already checked and converted by `prepareMutateRowsEntry` (what batched saves
 * build as they encode each entity): the same requests, retries and outcomes.
 *
 * @example
 * ```ts
 * const prepared: Parameters<typeof mutatePreparedRows>[2] = [];
 * const results = await mutatePreparedRows(conn, 'devices', prepared);
 * ```
 */
export async function mutatePreparedRows(
  connection: BigtableConnection,
  tableId: string,
  entries: readonly PreparedMutateRowsEntry[],
  options: MutateRowsOptions = {},
): Promise<MutateRowsEntryResult[]> {
  const retry = resolveRetryPolicy(options.retry, DEFAULT_RETRY_POLICY);
  const maxMutations = maxMutationsOf(options);
  const appProfileId = appProfileOf(connection, 'mutateRows', options);
  const maxBytes = options.maxRequestBytes ?? DEFAULT_REQUEST_BYTES;
  const attemptMs = options.timeouts?.attemptMs ?? DEFAULT_TIMEOUTS.attemptMs;
  const scope = new CallScope('MutateRows', connection.closeSignal, {
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? options.timeouts?.totalMs ?? DEFAULT_TIMEOUTS.totalMs,
    deadlineAt: options.deadlineAt,
    record: options.record,
    appProfileId,
  });
  if (options.record) {
    let mutations = 0;
    let bytes = 0;
    for (const entry of entries) {
      mutations += entry.mutationCount;
      bytes += entry.requestBytes;
    }
    options.record.wrote(mutations, bytes);
  }
  const tableName = connection.tablePath(tableId);
  let state = initialMutateRowsRetryState(entries.length);
  const cookies = new RoutingCookies();
  try {
    while (state.pending.length > 0) {
      const statuses: EntryStatus[] = [];
      for (const batch of splitRequests(state.pending, entries, maxMutations, maxBytes)) {
        statuses.push(
          ...(await sendRequest(
            connection,
            tableName,
            batch,
            entries,
            attemptMs,
            scope,
            cookies,
            appProfileId,
            state.attempts + 1,
          )),
        );
      }
      const delay = serverRetryDelay(statuses) ?? backoffMs(retry, state.attempts + 1);
      const left = scope.remainingMs();
      const lastChance =
        scope.stopReason() !== undefined ||
        Date.now() - scope.startedAt + delay >= retry.maxElapsedMs ||
        (left !== undefined && delay >= left);
      state = planMutateRowsRetry(state, statuses, {
        maxAttempts: lastChance ? state.attempts + 1 : retry.maxAttempts,
        retryableCodes: retry.retryableCodes,
      });
      if (state.pending.length === 0) break;
      try {
        await abortableSleep(delay, scope.signal);
      } catch {
        break; // stopped while waiting: the pending entries keep their latest (not written) failure
      }
    }
  } finally {
    scope.dispose();
  }
  return state.results.map(
    (r) =>
      r ?? {
        ok: false,
        outcome: 'notWritten',
        grpcCode: GrpcStatus.CANCELLED,
        message: 'not attempted',
      },
  );
}
