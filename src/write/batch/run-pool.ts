/**
 * Runs async tasks with at most `concurrency` in flight, settling every one (no task is abandoned when another
 * fails). Resolves in input order.
 *
 * @example
 * ```ts
 * const results = await runPool(chunks.map((c: Uint8Array) => () => send(c)), 4);
 * ```
 */
export async function runPool<T>(
  tasks: ReadonlyArray<() => Promise<T>>,
  concurrency: number,
): Promise<Array<PromiseSettledResult<T>>> {
  const results: Array<PromiseSettledResult<T>> = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await tasks[index]!() };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, tasks.length)) }, worker));
  return results;
}
