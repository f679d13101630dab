import { OutcomeUnknownError } from '../errors/outcome-unknown-error.js';
import { abortableSleep } from './abortable-sleep.js';
import type { BigtableConnection } from './bigtable-connection.js';
import { CallScope, raceStop } from './call-scope.js';
import type { BoundCallOptions, CallTimeouts } from './call-timeouts.js';
import { DEFAULT_TIMEOUTS } from './call-timeouts.js';
import type { GaxCallOptions } from './gax-call-options.js';
import { dataCallHeaders } from './data-call-headers.js';
import { failureDelivery, mayRetry } from './failure-delivery.js';
import { GrpcStatus, grpcCodeOf, toTransportError } from './grpc-error.js';
import { retryDelayOf, retryInfoAllowsRetry } from './retry-info.js';
import { responseMetadataInterceptor } from './response-metadata-interceptor.js';
import { RoutingCookies } from './routing-cookies.js';
import { resolveRetryPolicy } from './resolve-retry-policy.js';
import type { RetryPolicy } from './retry-policy.js';
import { DEFAULT_RETRY_POLICY, backoffMs } from './retry-policy.js';

/**
 * Options of one unary RPC made by the SDK.
 *
 * @example
 * ```ts
 * const options: UnaryCallOptions = { safety: 'write', rowKey: key, timeouts: { attemptMs: 5_000 } };
 * ```
 */
export interface UnaryCallOptions extends BoundCallOptions {
  /**
   * `read`: the call changes nothing, so any retryable failure is retried. `write`: the attempt is re-sent only
   * when it provably applied nothing; a write that was sent and not answered ends with OutcomeUnknownError,
   * because re-sending it could overwrite a change another writer made in between.
   */
  readonly safety: 'read' | 'write';
  readonly retry?: Partial<RetryPolicy> | undefined;
  readonly timeouts?: CallTimeouts | undefined;
  /** The row a write is about (named by OutcomeUnknownError). */
  readonly rowKey?: Uint8Array | undefined;
  /** The entity class a write is about (named by OutcomeUnknownError). */
  readonly entity?: string | undefined;
  /** App profile of this data call, replacing the connection's (see `appProfileOf`). */
  readonly appProfileId?: string | undefined;
  /** Which generated client the attempt uses. Default `data`. */
  readonly client?: 'data' | 'admin';
  /**
   * The table an admin RPC is about: its attempt spans name it, for a call about several tables (a schema apply)
   * whose span names none.
   */
  readonly tableId?: string | undefined;
}

/**
 * Runs one unary RPC under the SDK's policy: a deadline per attempt and overall, the caller's AbortSignal and the
 * connection's close, retries with backoff where they are safe (see {@link UnaryCallOptions.safety}), and typed
 * errors: TransportError (the service refused), OutcomeUnknownError (a write may have applied),
 * DeadlineExceededError, AbortedError, ConnectionClosedError.
 *
 * @example
 * ```ts
 * await callUnary(conn, 'MutateRow', (o) => conn.data.mutateRow(req, o), { safety: 'write', rowKey: key });
 * ```
 */
export async function callUnary<T>(
  connection: BigtableConnection,
  rpc: string,
  attempt: (options: GaxCallOptions) => Promise<T>,
  options: UnaryCallOptions,
): Promise<T> {
  const policy = resolveRetryPolicy(options.retry, DEFAULT_RETRY_POLICY);
  const attemptMs = options.timeouts?.attemptMs ?? DEFAULT_TIMEOUTS.attemptMs;
  const scope = new CallScope(rpc, connection.closeSignal, {
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? options.timeouts?.totalMs ?? DEFAULT_TIMEOUTS.totalMs,
    deadlineAt: options.deadlineAt,
    record: options.record,
    appProfileId: options.appProfileId,
    tableId: options.tableId,
  });
  if (options.record && options.rowKey) options.record.rowKey ??= options.rowKey;
  const unknown = (cause: unknown): OutcomeUnknownError =>
    new OutcomeUnknownError({
      ...(options.entity === undefined ? {} : { entity: options.entity }),
      key: options.rowKey ?? new Uint8Array(0),
      rpc,
      cause,
    });
  // Made on the first failure: most calls never retry.
  let cookies: RoutingCookies | undefined;
  try {
    for (let failures = 0; ; failures++) {
      scope.throwIfStopped();
      // A data client already set up has nothing to wait for (see readRowBatches): no promises to make.
      if ((options.client ?? 'data') !== 'data' || connection.dataStub === undefined)
        await raceStop(scope, connection.ready(options.client ?? 'data')).catch((error) => {
          throw scope.stopReason() ?? toTransportError(rpc, error);
        });
      const gaxOptions: GaxCallOptions = { retry: null };
      if ((options.client ?? 'data') === 'data') {
        gaxOptions.otherArgs = { headers: dataCallHeaders(cookies?.values, scope.record?.clientSideMetrics) };
      }
      const remaining = scope.remainingMs();
      const cappedByDeadline = remaining !== undefined && remaining <= attemptMs;
      gaxOptions.timeout = Math.max(1, Math.ceil(Math.min(attemptMs, remaining ?? attemptMs)));
      const tried = scope.beginAttempt();
      // A measured attempt reads its response headers and trailers, success or failure (built-in metrics).
      if (tried?.headers !== undefined && gaxOptions.otherArgs !== undefined) {
        const measured = tried;
        gaxOptions.otherArgs.options = {
          interceptors: [responseMetadataInterceptor((metadata) => measured.headers?.(metadata))],
        };
      }
      let sent: Promise<T>;
      try {
        sent = attempt(gaxOptions);
      } catch (error) {
        tried?.end(error);
        throw toTransportError(rpc, error);
      }
      try {
        const answer = await raceStop(scope, sent);
        tried?.end();
        return answer;
      } catch (error) {
        tried?.end(error);
        if (cappedByDeadline && grpcCodeOf(error) === GrpcStatus.DEADLINE_EXCEEDED) scope.expireDeadline();
        const stopped = scope.stopReason();
        if (stopped !== undefined) {
          // Stopped while the attempt was out: a write may have reached the service.
          throw options.safety === 'write' ? unknown(stopped) : stopped;
        }
        const failure = toTransportError(rpc, error);
        (cookies ??= new RoutingCookies()).collectFrom(error);
        // The service's RetryInfo sets the delay and makes the failure retryable (within the same bounds).
        const serverDelay = retryDelayOf(error);
        const delay = serverDelay ?? backoffMs(policy, failures + 1);
        const elapsed = Date.now() - scope.startedAt;
        const left = scope.remainingMs();
        const retry =
          (mayRetry(options.safety, error, policy.retryableCodes) ||
            (serverDelay !== undefined && retryInfoAllowsRetry(options.safety, error))) &&
          failures + 1 < policy.maxAttempts &&
          elapsed + delay < policy.maxElapsedMs &&
          (left === undefined || delay < left);
        if (!retry) {
          if (options.safety === 'write' && failureDelivery(error) === 'unknown') throw unknown(failure);
          throw failure;
        }
        try {
          await abortableSleep(delay, scope.signal);
        } catch {
          throw scope.stopReason() ?? failure;
        }
      }
    }
  } finally {
    scope.dispose();
  }
}
