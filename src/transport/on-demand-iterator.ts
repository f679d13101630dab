/**
 * What a producer hands each value to: resolves `true` when the consumer asks for the next value, `false` when it
 * stops (the producer then returns, running its cleanup, without producing more).
 */
export type OnDemandSink<T> = (value: T) => Promise<boolean>;

/**
 * An async iterator over a producer that pushes its values one at a time and waits for each to be asked for, with
 * an async generator's behaviour: the producer starts at the first `next()` (not before), produces the next value
 * only when it is asked for, and is stopped by `return()` (a `break` out of `for await`), which resolves once the
 * producer has returned. A producer's failure rejects the `next()` that waits. Concurrent `next()` calls are
 * queued, as a generator's are.
 *
 * It lets one loop serve two kinds of consumers: a callback that takes each value at once (no promise per value)
 * and, through this iterator, a `for await` that takes them at its own pace.
 *
 * @example
 * ```ts
 * const numbers = onDemandIterator<number>(async (sink) => {
 *   for (let i = 0; i < 3; i++) if (!(await sink(i))) return;
 * });
 * for await (const n of numbers) console.log(n);
 * ```
 */
export function onDemandIterator<T>(
  produce: (sink: OnDemandSink<T>) => Promise<void>,
): AsyncIterableIterator<T, void, undefined> {
  let started = false;
  let done = false;
  /** The producer's end (it never rejects: a failure is kept in `failure`). */
  let finished: Promise<void> | undefined;
  let failed = false;
  let failure: unknown;
  /** The consumer's `next()` that waits for a value. */
  let asked: { resolve(result: IteratorResult<T, void>): void; reject(error: unknown): void } | undefined;
  /** The producer's pending sink call, waiting to be told to go on or stop. */
  let goOn: ((more: boolean) => void) | undefined;
  /** The request in progress (a `next()` waiting for its value, or a `return()` waiting for the producer). */
  let current: Promise<unknown> | undefined;
  let stopping = false;

  const sink: OnDemandSink<T> = (value) =>
    new Promise<boolean>((resolve) => {
      goOn = resolve;
      const consumer = asked!;
      asked = undefined;
      consumer.resolve({ value, done: false });
    });

  const settle = (): void => {
    done = true;
    const consumer = asked;
    asked = undefined;
    if (consumer === undefined) return;
    if (failed) {
      failed = false;
      consumer.reject(failure);
    } else consumer.resolve({ value: undefined, done: true });
  };

  const next = (): Promise<IteratorResult<T, void>> => {
    if (done) return Promise.resolve({ value: undefined, done: true });
    return new Promise<IteratorResult<T, void>>((resolve, reject) => {
      asked = { resolve, reject };
      if (!started) {
        started = true;
        finished = produce(sink).then(settle, (error: unknown) => {
          failed = true;
          failure = error;
          settle();
        });
      } else {
        const resume = goOn!;
        goOn = undefined;
        resume(true);
      }
    });
  };

  const stop = async (): Promise<IteratorResult<T, void>> => {
    if (!done) {
      done = true;
      stopping = true;
      const resume = goOn;
      goOn = undefined;
      resume?.(false);
      try {
        await finished;
      } finally {
        stopping = false;
      }
      if (failed) {
        failed = false;
        throw failure;
      }
    }
    return { value: undefined, done: true };
  };

  /** Serves requests one after the other, as a generator queues them (`for await` never overlaps them). */
  const queued = <R>(request: () => Promise<R>): Promise<R> => {
    const busy = asked !== undefined || stopping;
    const result = busy
      ? current!.then(
          () => queued(request),
          () => queued(request),
        )
      : request();
    current = result;
    return result;
  };

  const iterator: AsyncIterableIterator<T, void, undefined> = {
    next: () => queued(next),
    return: () => queued(stop),
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
