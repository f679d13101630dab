import { PartialWriteError } from '../../errors/partial-write-error.js';
import type { WriteFailure, WriteOutcome } from '../../errors/partial-write-error.js';
import { keyText } from '../key-waves.js';
import type { WriteItem, WriteProgress } from './batch-types.js';

/** One outcome byte per consumed entity: a 10-million-entity load keeps 10 MB of outcomes, never the entities. */
class OutcomeLog {
  private codes = new Uint8Array(1024);
  written = 0;
  notWritten = 0;
  unknown = 0;

  set(index: number, outcome: WriteOutcome): void {
    if (index >= this.codes.length) {
      const grown = new Uint8Array(Math.max(this.codes.length * 2, index + 1));
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[index] = outcome === 'written' ? 1 : outcome === 'unknown' ? 2 : 3;
    if (outcome === 'written') this.written++;
    else if (outcome === 'unknown') this.unknown++;
    else this.notWritten++;
  }

  /** Outcomes of the first `count` entities; those never recorded were not sent. */
  outcomes(count: number): WriteOutcome[] {
    const out: WriteOutcome[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const code = i < this.codes.length ? this.codes[i] : 0;
      out[i] = code === 1 ? 'written' : code === 2 ? 'unknown' : 'notWritten';
    }
    return out;
  }
}

/** The input, in chunks, pulled only when a chunk is needed (backpressure: nothing is read ahead of the writes). */
async function* chunksOf<T>(source: Iterable<T> | AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let chunk: T[] = [];
  for await (const item of source) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Writes a stream of entities with bounded memory: chunks of `chunkSize` are taken from the source only when one
 * of the `concurrency` slots is free, each is prepared (validated and encoded) and written as one `write` call.
 * A key repeated in the input is written in input order: inside a chunk by `write` (see `keyWaves`), across chunks
 * because a chunk that holds a key of a chunk still in flight is sent only after that chunk has settled.
 * The first chunk that does not come out wholly written stops the load: no further entity is read from the source,
 * the chunks in flight finish, and a PartialWriteError reports every consumed entity's outcome (so a dead service
 * costs one chunk per slot, not the rest of the input). An entity that fails to prepare is reported as not
 * written, with its chunk, none of which is sent; so is a chunk `admit` refuses (the failure is at its first entity).
 *
 * @example
 * ```ts
 * await writeStream({ source, chunkSize: 2_000, concurrency: 4, entity: 'Device', prepare, keyOf, write });
 * ```
 */
export async function writeStream<T>(input: {
  readonly source: Iterable<T> | AsyncIterable<T>;
  readonly chunkSize: number;
  readonly concurrency: number;
  readonly entity: string;
  /** Validates and encodes one entity (throws a library error for bad input); `index` is its input position. */
  readonly prepare: (item: T, index: number) => WriteItem | Promise<WriteItem>;
  /** Sees each prepared chunk before it is sent; a throw keeps the chunk from being sent, like a bad entity. */
  readonly admit?: ((chunk: readonly T[], items: readonly WriteItem[]) => Promise<void> | void) | undefined;
  /** The row key of an entity whose preparation failed, for the report (empty when it has none). */
  readonly keyOf: (item: T) => Uint8Array;
  /** Writes one chunk; throws PartialWriteError (outcomes of the chunk's items) unless all were written. */
  readonly write: (items: readonly WriteItem[]) => Promise<void>;
  readonly onProgress?: ((progress: WriteProgress) => void) | undefined;
}): Promise<void> {
  const log = new OutcomeLog();
  const failures: WriteFailure[] = [];
  // Chunks in flight, with their keys: a chunk that repeats a key of one of them waits for it (in-order writes).
  const inFlight = new Map<Promise<void>, ReadonlySet<string>>();
  let consumed = 0;
  let stopped = false;
  const report = (): void =>
    input.onProgress?.({
      consumed,
      written: log.written,
      notWritten: log.notWritten,
      unknown: log.unknown,
    });

  const writeChunk = async (items: readonly WriteItem[], first: number): Promise<void> => {
    try {
      await input.write(items);
      for (let i = 0; i < items.length; i++) log.set(first + i, 'written');
    } catch (error) {
      stopped = true;
      if (!(error instanceof PartialWriteError)) {
        // Not an outcome report (a crash of the writer itself): nothing is known about the chunk.
        for (let i = 0; i < items.length; i++) log.set(first + i, 'unknown');
        failures.push(
          ...items.map((item, i) => ({
            index: first + i,
            entity: input.entity,
            key: item.key,
            outcome: 'unknown' as const,
            cause: error as Error,
          })),
        );
        return;
      }
      error.outcomes.forEach((outcome, i) => log.set(first + i, outcome));
      failures.push(...error.failures.map((f) => ({ ...f, index: first + f.index })));
    } finally {
      report();
    }
  };

  const chunks = chunksOf(input.source, input.chunkSize);
  try {
    for await (const chunk of chunks) {
      const first = consumed;
      consumed += chunk.length;
      const items: WriteItem[] = [];
      let bad: { index: number; error: Error } | undefined;
      for (let i = 0; i < chunk.length && bad === undefined; i++) {
        try {
          const item = input.prepare(chunk[i]!, first + i);
          items.push(item instanceof Promise ? await item : item);
        } catch (error) {
          bad = { index: i, error: error as Error };
        }
      }
      if (bad === undefined && input.admit !== undefined) {
        try {
          await input.admit(chunk, items);
        } catch (error) {
          bad = { index: 0, error: error as Error };
        }
      }
      if (bad !== undefined) {
        stopped = true;
        for (let i = 0; i < chunk.length; i++) log.set(first + i, 'notWritten');
        let key: Uint8Array;
        try {
          key = input.keyOf(chunk[bad.index]!);
        } catch {
          key = new Uint8Array(0);
        }
        failures.push({
          index: first + bad.index,
          entity: input.entity,
          key,
          outcome: 'notWritten',
          cause: bad.error,
        });
        break;
      }
      const keys = new Set(items.map((item) => keyText(item.key)));
      const earlier: Array<Promise<void>> = [];
      for (const [chunk, chunkKeys] of inFlight) {
        for (const key of chunkKeys) {
          if (!keys.has(key)) continue;
          earlier.push(chunk);
          break;
        }
      }
      // Taken from the input, this chunk is written even if an earlier one stops the load meanwhile, as a chunk
      // already in flight would be: the outcomes then cover every entity consumed.
      if (earlier.length > 0) await Promise.all(earlier);
      const running = writeChunk(items, first).finally(() => inFlight.delete(running));
      inFlight.set(running, keys);
      if (inFlight.size >= input.concurrency) await Promise.race(inFlight.keys());
      if (stopped) break;
    }
  } finally {
    // Leaving the loop early closes the source (an async generator's `finally` runs), as a reader expects.
    await chunks.return(undefined);
    await Promise.all(inFlight.keys());
  }
  report();
  if (failures.length > 0) {
    failures.sort((a, b) => a.index - b.index);
    throw new PartialWriteError(log.outcomes(consumed), failures);
  }
}
