import type { Mutation } from '../model/mutation.js';
import { abortableSleep } from './abortable-sleep.js';
import type { BigtableConnection } from './bigtable-connection.js';
import { gaxCallOptions } from './gax-call-options.js';
import { GrpcStatus, grpcCodeOf, toTransportError } from './grpc-error.js';
import type { EntryStatus, MutateRowsEntryResult } from './plan-mutate-rows-retry.js';
import { initialMutateRowsRetryState, planMutateRowsRetry } from './plan-mutate-rows-retry.js';
import { resolveRetryPolicy } from './resolve-retry-policy.js';
import type { RetryPolicy } from './retry-policy.js';
import { DEFAULT_RETRY_POLICY, backoffMs } from './retry-policy.js';
import { toProtoMutation } from './to-proto-mutation.js';

/**
 * One row of a MutateRows batch: its mutations are applied atomically; the batch as a whole is not atomic.
 * `idempotent` says whether re-sending the entry after an unknown outcome is safe (no server timestamps, no
 * AddToCell/MergeToCell).
 *
 * @example
 * ```ts
 * const entry: MutateRowsEntry = { rowKey: Buffer.from('phone#1'), mutations: [{ kind: 'deleteFromRow' }], idempotent: true };
 * ```
 */
export interface MutateRowsEntry {
  readonly rowKey: Uint8Array;
  readonly mutations: readonly Mutation[];
  readonly idempotent: boolean;
}

/**
 * Options of {@link mutateRows}.
 *
 * @example
 * ```ts
 * const options: MutateRowsOptions = { deadlineMs: 30_000, retry: { maxAttempts: 5 } };
 * ```
 */
export interface MutateRowsOptions {
  /**
   * Aborting cancels the RPC in flight and stops retrying: entries it cut off report CANCELLED, entries waiting
   * for a retry keep their latest failure.
   */
  readonly signal?: AbortSignal;
  /** Deadline of the whole batch (all requests, retries and backoffs) in milliseconds. Default: none. */
  readonly deadlineMs?: number;
  /**
   * `maxAttempts` counts attempts in total, the first included (Google's `max_retries` + 1); only entries that
   * failed with one of `retryableCodes` are re-sent. Default: the SDK's `DEFAULT_RETRY_POLICY`.
   */
  readonly retry?: Partial<RetryPolicy>;
  /** Mutations per request; Bigtable refuses more than 100,000 (the default). */
  readonly maxMutationsPerRequest?: number;
  /** Approximate payload bytes per request (default 20 MiB); one larger entry still goes alone. */
  readonly maxRequestBytes?: number;
}

const MAX_MUTATIONS = 100_000;
const DEFAULT_REQUEST_BYTES = 20 * 1024 * 1024;

function approximateBytes(entry: MutateRowsEntry): number {
  let bytes = entry.rowKey.length + 8;
  for (const m of entry.mutations) {
    bytes += 24 + ('family' in m ? m.family.length : 0);
    if ('qualifier' in m) bytes += m.qualifier.length;
    if (m.kind === 'setCell') bytes += m.value.length;
    if (m.kind === 'mergeToCell') bytes += m.state.length;
  }
  return bytes;
}

/** Splits the pending entries into requests that respect both limits, keeping their order. */
function splitRequests(
  pending: readonly number[],
  entries: readonly MutateRowsEntry[],
  maxMutations: number,
  maxBytes: number,
): number[][] {
  const requests: number[][] = [];
  let current: number[] = [];
  let mutations = 0;
  let bytes = 0;
  for (const index of pending) {
    const entry = entries[index]!;
    const size = approximateBytes(entry);
    if (
      current.length > 0 &&
      (mutations + entry.mutations.length > maxMutations || bytes + size > maxBytes)
    ) {
      requests.push(current);
      current = [];
      mutations = 0;
      bytes = 0;
    }
    current.push(index);
    mutations += entry.mutations.length;
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
}

type ResponseStream = AsyncIterable<MutateRowsResponseLike> & {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  cancel?: () => void;
  destroy?: () => unknown;
};

/** Sends one request; returns one status per entry sent, the RPC's failure standing in for missing ones. */
async function sendRequest(
  connection: BigtableConnection,
  tableName: string,
  batch: readonly number[],
  entries: readonly MutateRowsEntry[],
  timeoutMs: number | undefined,
  signal: AbortSignal | undefined,
): Promise<EntryStatus[]> {
  const statuses: (EntryStatus | undefined)[] = batch.map(() => undefined);
  let rpcFailure: EntryStatus | undefined;
  if (signal?.aborted)
    return batch.map(() => ({ code: GrpcStatus.CANCELLED, message: 'aborted by the caller' }));
  const request = {
    tableName,
    ...(connection.appProfileId ? { appProfileId: connection.appProfileId } : {}),
    entries: batch.map((index) => ({
      rowKey: entries[index]!.rowKey,
      mutations: entries[index]!.mutations.map(toProtoMutation),
    })),
  };
  const stream = connection.data.mutateRows(
    request as Parameters<typeof connection.data.mutateRows>[0],
    gaxCallOptions({ timeoutMs }),
  ) as unknown as ResponseStream;
  const onAbort = (): void => stream.cancel?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const response of stream) {
      for (const entry of response.entries ?? []) {
        const position = Number(entry.index ?? 0);
        if (position >= 0 && position < statuses.length) {
          statuses[position] = { code: entry.status?.code ?? 0, message: entry.status?.message ?? '' };
        }
      }
    }
  } catch (error) {
    const failure = toTransportError('MutateRows', error);
    rpcFailure = signal?.aborted
      ? { code: GrpcStatus.CANCELLED, message: 'aborted by the caller' }
      : { code: grpcCodeOf(error) ?? GrpcStatus.UNKNOWN, message: failure.message };
    stream.on('error', () => undefined);
    stream.cancel?.();
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return statuses.map(
    (s) =>
      s ??
      rpcFailure ?? { code: GrpcStatus.UNKNOWN, message: 'MutateRows ended without a status for this entry' },
  );
}

/**
 * Applies a batch of row mutations with MutateRows and reports one outcome per entry, in input order. Requests
 * are split to respect Bigtable's 100,000-mutation limit. Entries that fail with a retryable code (default 4, 8,
 * 10, 14) and are idempotent are re-sent, with exponential backoff, until `retry.maxAttempts` attempts; everything else
 * is settled at once. Failures never throw: they are outcomes (an RPC-level failure becomes the outcome of every
 * entry it left unanswered). Throws only for invalid arguments.
 *
 * @example
 * ```ts
 * const results = await mutateRows(conn, 'devices', [
 *   { rowKey: Buffer.from('phone#1'), mutations: [{ kind: 'deleteFromRow' }], idempotent: true },
 * ]);
 * if (!results[0]!.ok) console.error(results[0]!.grpcCode, results[0]!.message);
 * ```
 */
export async function mutateRows(
  connection: BigtableConnection,
  tableId: string,
  entries: readonly MutateRowsEntry[],
  options: MutateRowsOptions = {},
): Promise<MutateRowsEntryResult[]> {
  const retry = resolveRetryPolicy(options.retry, DEFAULT_RETRY_POLICY);
  const maxMutations = options.maxMutationsPerRequest ?? MAX_MUTATIONS;
  if (!Number.isInteger(maxMutations) || maxMutations < 1 || maxMutations > MAX_MUTATIONS) {
    throw new RangeError(
      `maxMutationsPerRequest must be an integer in [1, ${MAX_MUTATIONS}], got ${maxMutations}`,
    );
  }
  const maxBytes = options.maxRequestBytes ?? DEFAULT_REQUEST_BYTES;
  entries.forEach((entry, i) => {
    if (!(entry.rowKey instanceof Uint8Array) || entry.rowKey.length === 0) {
      throw new TypeError(`entries[${i}].rowKey must be a non-empty Uint8Array`);
    }
    if (entry.mutations.length === 0 || entry.mutations.length > MAX_MUTATIONS) {
      throw new RangeError(
        `entries[${i}] must have 1 to ${MAX_MUTATIONS} mutations, got ${entry.mutations.length}`,
      );
    }
  });
  const { signal, deadlineMs } = options;
  const deadlineAt = deadlineMs === undefined ? undefined : Date.now() + deadlineMs;
  const tableName = connection.tablePath(tableId);
  const idempotent = entries.map((e) => e.idempotent === true);
  let state = initialMutateRowsRetryState(entries.length);

  while (state.pending.length > 0) {
    const statuses: EntryStatus[] = [];
    for (const batch of splitRequests(state.pending, entries, maxMutations, maxBytes)) {
      const remaining = deadlineAt === undefined ? undefined : deadlineAt - Date.now();
      statuses.push(
        ...(remaining !== undefined && remaining <= 0
          ? batch.map(() => ({
              code: GrpcStatus.DEADLINE_EXCEEDED,
              message: `deadline of ${deadlineMs} ms exceeded`,
            }))
          : await sendRequest(connection, tableName, batch, entries, remaining, signal)),
      );
    }
    const delay = backoffMs(retry, state.attempts + 1);
    const lastChance =
      signal?.aborted === true || (deadlineAt !== undefined && Date.now() + delay >= deadlineAt);
    state = planMutateRowsRetry(idempotent, state, statuses, {
      maxAttempts: lastChance ? state.attempts + 1 : retry.maxAttempts,
      retryableCodes: retry.retryableCodes,
    });
    if (state.pending.length === 0) break;
    try {
      await abortableSleep(delay, signal);
    } catch {
      break; // aborted while waiting: the pending entries keep their latest failure
    }
  }
  return state.results.map(
    (r) => r ?? { ok: false, grpcCode: GrpcStatus.CANCELLED, message: 'not attempted' },
  );
}
