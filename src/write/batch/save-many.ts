import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { buildSaveMutations } from '../../mapping/build-save-mutations.js';
import type { SaveOptions } from '../../mapping/build-save-mutations.js';
import { encodeEntityKey } from '../../mapping/entity-key.js';
import { partialLoadOf } from '../../mapping/load-state.js';
import { validateEntity } from '../../mapping/validate-entity.js';
import type { BoundCall, BoundCallOptions } from '../../transport/call-timeouts.js';
import { bindDeadline } from '../../transport/call-timeouts.js';
import { prepareMutateRowsEntry } from '../../transport/prepare-mutate-rows-entry.js';
import { applyVersion } from '../apply-version.js';
import { conditionalWrite } from '../conditional-write.js';
import { reportWarnings } from '../report-warnings.js';
import type { CallOptions } from '../write-options.js';
import type { WriteTarget } from '../write-target.js';
import type { SaveManyOptions, WriteItem, WriteProgress } from './batch-types.js';
import { writeMany } from './write-many.js';
import { writeStream } from './write-stream.js';

/** Entities per batch when saveMany streams an iterable: one MutateRows call's worth. */
const STREAM_CHUNK = 2_000;

/**
 * Where a batch write runs: a {@link WriteTarget} without a call (each batch binds its own deadline), with the
 * mapper's batch tuning.
 *
 * @example
 * ```ts
 * const wide = (target: BatchTarget<Device>): boolean => target.concurrency > 4;
 * ```
 */
export interface BatchTarget<E extends object> extends Omit<WriteTarget<E>, 'call'> {
  /** MutateRows requests in flight at once (`batchConcurrency`). */
  readonly concurrency: number;
  /** Byte budget of one MutateRows request (`batchMaxBytes`); undefined = the default. */
  readonly maxRequestBytes: number | undefined;
}

/**
 * Saves many entities, each atomically, in MutateRows batches (the body of `Repository.saveMany`, after its
 * argument checks): an array is encoded whole before anything is sent; an iterable or async iterable is streamed in
 * chunks with bounded memory. `check` is the façade's check of one entity argument, run before it is validated.
 *
 * @example
 * ```ts
 * await saveMany(target, [phone, tablet], {}, { now: Date.now }, () => undefined);
 * ```
 */
export async function saveMany<E extends object>(
  target: BatchTarget<E>,
  entities: readonly E[] | Iterable<E> | AsyncIterable<E>,
  options: SaveManyOptions,
  saveOptions: SaveOptions,
  check: (entity: E) => void,
): Promise<void> {
  const { onProgress } = options;
  const streamed = !Array.isArray(entities);
  // One deadline for the whole call (every request, versioned save and read-back), fixed now. A streamed load may
  // run for hours: unless the call gives its own timeoutMs, timeouts.totalMs bounds each chunk instead, as a
  // streaming read has no overall deadline by default.
  const whole = streamed && options.timeoutMs === undefined ? undefined : bind(target, options);
  const perChunk = options.signal === undefined ? {} : { signal: options.signal };
  const prepare = (entity: E): WriteItem | Promise<WriteItem> => {
    check(entity);
    const validated = validateEntity(target.meta, entity, 'saveMany');
    return validated === undefined
      ? encodeItem(target, entity, saveOptions)
      : validated.then(() => encodeItem(target, entity, saveOptions));
  };
  if (streamed) {
    await writeStream({
      source: entities as Iterable<E> | AsyncIterable<E>,
      chunkSize: STREAM_CHUNK,
      concurrency: target.concurrency,
      entity: target.meta.name,
      prepare,
      keyOf: (entity) => encodeEntityKey(target.meta, entity),
      write: (items) => writeItems(target, items, whole ?? bind(target, perChunk), 1),
      onProgress,
    });
    return;
  }
  const items: WriteItem[] = [];
  for (const entity of entities as readonly E[]) {
    const item = prepare(entity);
    items.push(item instanceof Promise ? await item : item);
  }
  await writeItems(target, items, whole!, target.concurrency, onProgress);
}

/**
 * Deletes many rows by key in MutateRows batches (the body of `Repository.deleteMany`, after its argument checks).
 *
 * @example
 * ```ts
 * await deleteMany(target, [devices.keyOf({ deviceId: 'a' })], {});
 * ```
 */
export async function deleteMany<E extends object>(
  target: BatchTarget<E>,
  keys: readonly Uint8Array[],
  options: CallOptions,
): Promise<void> {
  const items = keys.map((key) => ({
    key,
    entry: prepareMutateRowsEntry(key, [{ kind: 'deleteFromRow' }], target.meta.name),
    single: undefined,
  }));
  await writeItems(target, items, bind(target, options), target.concurrency);
}

/** The call's deadline, fixed now (kept when already fixed): every RPC of the batch shares it. */
function bind(target: BatchTarget<object>, call: CallOptions | BoundCallOptions): BoundCall {
  return bindDeadline(call, target.policy.timeouts.totalMs);
}

/** One entity of a saveMany, encoded; a versioned one is written alone, with its check. */
function encodeItem<E extends object>(
  target: BatchTarget<E>,
  entity: E,
  saveOptions: SaveOptions,
): WriteItem {
  const { meta } = target;
  if (typeof entity === 'object' && entity !== null && partialLoadOf(entity)) {
    throw new InvalidArgumentError({
      api: `Repository<${meta.name}>.saveMany`,
      argument: 'entities',
      value: entity,
      expected: 'whole entities (save a partially loaded entity with save())',
    });
  }
  const save = buildSaveMutations(meta, entity, saveOptions);
  reportWarnings(target.onWarning, save.warnings);
  const version = save.version;
  if (version === undefined) {
    const entry = prepareMutateRowsEntry(save.key, save.mutations, meta.name);
    return { key: save.key, entry, single: undefined };
  }
  return {
    key: save.key,
    entry: undefined,
    single: async (call) => {
      await conditionalWrite({ ...target, call: bind(target, call) }, save, save.mutations);
      applyVersion(meta, entity, version.next, version.written);
    },
  };
}

async function writeItems<E extends object>(
  target: BatchTarget<E>,
  items: readonly WriteItem[],
  call: BoundCall,
  concurrency: number,
  onProgress?: (progress: WriteProgress) => void,
): Promise<void> {
  await writeMany({
    connection: target.connection,
    tableId: target.tableId,
    entity: target.meta.name,
    policy: target.policy,
    call,
    concurrency,
    maxRequestBytes: target.maxRequestBytes,
    items,
    onProgress,
  });
  // Every item written (a partial failure throws, and its outcomes are counted from the error).
  call.record?.batchWritten(items.length);
}
