import { PartialWriteError } from '../errors/partial-write-error.js';
import type { WriteFailure } from '../errors/partial-write-error.js';
import { TransportError } from '../errors/transport-error.js';
import type { Mutation } from '../model/mutation.js';
import type { BigtableConnection } from '../transport/bigtable-connection.js';
import { isIdempotent } from '../transport/mutate-row.js';
import { mutateRows } from '../transport/mutate-rows.js';
import type { RepositoryOptions } from './repository-options.js';
import { runPool } from './run-pool.js';

/** One entity of a batch: its row mutations, or a write of its own (conditional saves cannot be batched). */
export interface WriteItem {
  readonly key: Uint8Array;
  readonly mutations: readonly Mutation[];
  readonly single: (() => Promise<void>) | undefined;
}

/** Entities per MutateRows call: large enough to amortise the round trip, small enough to spread over the pool. */
const ENTITIES_PER_CALL = 2_000;

/**
 * Writes a batch and reports failures exactly: throws PartialWriteError naming each entity not written; an entity
 * not named was committed. Batched entries go through `mutateRows` (request limits, retries of idempotent entries).
 *
 * @example
 * ```ts
 * await writeMany({ connection, tableId, entity: 'Device', options: {}, items });
 * ```
 */
export async function writeMany(input: {
  readonly connection: BigtableConnection;
  readonly tableId: string;
  readonly entity: string;
  readonly options: RepositoryOptions;
  readonly items: readonly WriteItem[];
}): Promise<void> {
  const { connection, tableId, entity, options, items } = input;
  const failures: WriteFailure[] = [];
  const batched = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.single === undefined);
  const tasks: Array<() => Promise<void>> = [];
  for (let start = 0; start < batched.length; start += ENTITIES_PER_CALL) {
    const chunk = batched.slice(start, start + ENTITIES_PER_CALL);
    tasks.push(async () => {
      const results = await mutateRows(
        connection,
        tableId,
        chunk.map(({ item }) => ({
          rowKey: item.key,
          mutations: item.mutations,
          idempotent: isIdempotent(item.mutations),
        })),
        {
          ...(options.retry ? { retry: options.retry } : {}),
          ...(options.batchMaxBytes === undefined ? {} : { maxRequestBytes: options.batchMaxBytes }),
        },
      );
      results.forEach((result, i) => {
        if (result.ok) return;
        const { item, index } = chunk[i]!;
        failures.push({
          index,
          entity,
          key: item.key,
          cause: new TransportError('MutateRows', result.message, result.grpcCode),
        });
      });
    });
  }
  items.forEach((item, index) => {
    const single = item.single;
    if (single === undefined) return;
    tasks.push(async () => {
      try {
        await single();
      } catch (error) {
        failures.push({
          index,
          entity,
          key: item.key,
          cause: error instanceof Error ? error : new Error(String(error)),
        });
      }
    });
  });
  const settled = await runPool(tasks, options.batchConcurrency ?? 4);
  const crashed = settled.find((s) => s.status === 'rejected');
  if (crashed) throw (crashed as PromiseRejectedResult).reason;
  if (failures.length > 0) {
    failures.sort((a, b) => a.index - b.index);
    throw new PartialWriteError(failures, items.length - failures.length);
  }
}
