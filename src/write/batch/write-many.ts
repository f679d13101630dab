import { BigtableMapperError } from '../../errors/bigtable-mapper-error.js';
import { InternalError } from '../../errors/internal-error.js';
import { setMaxListeners } from 'node:events';
import { OutcomeUnknownError } from '../../errors/outcome-unknown-error.js';
import { PartialWriteError } from '../../errors/partial-write-error.js';
import type { WriteFailure, WriteOutcome } from '../../errors/partial-write-error.js';
import { TransportError } from '../../errors/transport-error.js';
import type { BigtableConnection } from '../../transport/bigtable-connection.js';
import type { BoundCallOptions } from '../../transport/call-timeouts.js';
import type { PreparedMutateRowsEntry } from '../../transport/prepare-mutate-rows-entry.js';
import { decodeMutateRowsEntry } from '../../transport/decode-mutate-rows-entry.js';
import { mutatePreparedRows } from '../../transport/mutate-rows.js';
import type { CallPolicy } from '../../transport/call-policy.js';
import { callOptions } from '../../transport/call-policy.js';
import { confirmWritten } from '../confirm-written.js';
import { keyWaves } from '../key-waves.js';
import { runPool } from './run-pool.js';
import type { WriteItem, WriteProgress } from './batch-types.js';

/**
 * Entities per MutateRows call: large enough to amortise the round trip, small enough to spread over the pool.
 * Measured (bench saveMany): 1,000 instead of 2,000 puts twice as many requests to work on a batch of a few
 * thousand entities and halves what each request keeps alive until answered, which cut the client's CPU (mostly
 * garbage collection) by about a third.
 */
const ENTITIES_PER_CALL = 1_000;

/**
 * Writes a batch and reports every entity's outcome exactly: resolves when all were written, else throws a
 * PartialWriteError whose `outcomes` say, per entity, written / not written / unknown. Batched entries go through
 * `mutatePreparedRows` (request limits; only entries that provably applied nothing are re-sent); entries left unknown
 * are read back once, and the ones the row shows are counted as written.
 *
 * @example
 * ```ts
 * await writeMany({ connection, tableId, entity: 'Device', policy, concurrency: 4, items });
 * ```
 */
export async function writeMany(input: {
  readonly connection: BigtableConnection;
  readonly tableId: string;
  readonly entity: string;
  readonly policy: CallPolicy;
  /** The batch's signal and deadline (bound once for the whole public call: see `bindDeadline`). */
  readonly call?: BoundCallOptions | undefined;
  readonly concurrency: number;
  readonly maxRequestBytes?: number | undefined;
  readonly items: readonly WriteItem[];
  /** Called after each request or single write with the counts so far (entities not yet finished excluded). */
  readonly onProgress?: ((progress: WriteProgress) => void) | undefined;
}): Promise<void> {
  const { connection, tableId, entity, policy, items } = input;
  const outcomes: WriteOutcome[] = new Array<WriteOutcome>(items.length).fill('notWritten');
  const causes = new Map<number, Error>();
  const unknownBatched: number[] = [];
  // Running counts for progress reports (outcomes of unknown entries may still turn to written on read-back).
  const done = { written: 0, notWritten: 0, unknown: 0 };
  // Once one request has spent its whole retry window on a service that stays unreachable, the requests still
  // queued would only wait out the same window one after another: the batch stops, and they are not written.
  const giveUp = new AbortController();
  const signal =
    input.call?.signal === undefined ? giveUp.signal : AbortSignal.any([input.call.signal, giveUp.signal]);
  // Every request of the batch listens to it: many at once is normal, not a leak.
  setMaxListeners(0, signal);
  // One options object for every request of the batch.
  const options = {
    ...callOptions(policy, { ...input.call, signal }),
    entity,
    ...(input.maxRequestBytes === undefined ? {} : { maxRequestBytes: input.maxRequestBytes }),
  };
  // The tasks of one wave of positions (see keyWaves): its batched entries in calls, and its single writes.
  const waveTasks = (wave: readonly number[]): Array<() => Promise<void>> => {
    const tasks: Array<() => Promise<void>> = [];
    const batched = wave.filter((index) => items[index]!.single === undefined);
    for (let start = 0; start < batched.length; start += ENTITIES_PER_CALL) {
      const end = Math.min(start + ENTITIES_PER_CALL, batched.length);
      tasks.push(async () => {
        const entries: PreparedMutateRowsEntry[] = new Array(end - start);
        for (let i = start; i < end; i++) entries[i - start] = items[batched[i]!]!.entry!;
        const results = await mutatePreparedRows(connection, tableId, entries, options);
        for (let i = 0; i < results.length; i++) {
          const result = results[i]!;
          const index = batched[start + i]!;
          if (result.ok) {
            outcomes[index] = 'written';
            done.written++;
            continue;
          }
          outcomes[index] = result.outcome;
          done[result.outcome]++;
          causes.set(index, new TransportError('MutateRows', result.message, result.grpcCode));
          if (result.outcome === 'unknown') unknownBatched.push(index);
          else if (policy.retry.retryableCodes.includes(result.grpcCode) && !giveUp.signal.aborted) {
            giveUp.abort('the batch stopped: the service stayed unreachable for the whole retry window');
          }
        }
      });
    }
    for (const index of wave) {
      const single = items[index]!.single;
      if (single === undefined) continue;
      tasks.push(async () => {
        try {
          await single(input.call ?? {});
          outcomes[index] = 'written';
          done.written++;
        } catch (error) {
          outcomes[index] = error instanceof OutcomeUnknownError ? 'unknown' : 'notWritten';
          done[outcomes[index]]++;
          causes.set(
            index,
            error instanceof Error
              ? error
              : new InternalError('writeMany', 'a write threw a non-Error', error),
          );
        }
      });
    }
    return tasks;
  };
  const progress = input.onProgress;
  // A key repeated in the batch is written in input order: each wave starts when the one before has settled.
  for (const wave of keyWaves(items.map((item) => item.key))) {
    const tasks = waveTasks(wave);
    const counted =
      progress === undefined
        ? tasks
        : tasks.map((task) => async () => {
            await task();
            progress({ consumed: items.length, ...done });
          });
    const settled = await runPool(counted, input.concurrency);
    const crashed = settled.find((s) => s.status === 'rejected');
    if (crashed) throw asLibraryError((crashed as PromiseRejectedResult).reason);
  }
  if (unknownBatched.length > 0) {
    const confirmed = await confirmWritten(
      connection,
      tableId,
      // Only these few rows get their SDK mutations back, to compare with the rows read back.
      unknownBatched.map((index) => ({
        key: items[index]!.key,
        mutations: decodeMutateRowsEntry(items[index]!.entry!.encoded).mutations,
      })),
      policy,
      input.call ?? {},
    );
    confirmed.forEach((written, i) => {
      if (written) outcomes[unknownBatched[i]!] = 'written';
    });
  }
  const failures: WriteFailure[] = [];
  outcomes.forEach((outcome, index) => {
    if (outcome === 'written') return;
    failures.push({ index, entity, key: items[index]!.key, outcome, cause: causes.get(index)! });
  });
  if (failures.length > 0) throw new PartialWriteError(outcomes, failures);
}

/**
 * A batch task's failure as it crosses the public API: the SDK's own errors as they are; anything else (a throwing
 * `onProgress`, a bug) as an InternalError whose cause is the original.
 */
function asLibraryError(reason: unknown): BigtableMapperError {
  if (reason instanceof BigtableMapperError) return reason;
  const message = reason instanceof Error ? reason.message : String(reason);
  return new InternalError(
    'saveMany',
    `a batch task failed (a throwing onProgress ends the call so): ${message}`,
    reason,
  );
}
