/**
 * Polls `check` every `everyMs` until it holds, at most `maxPolls` times: bounded in count and so in time, never by
 * asserting on the clock. Resolves to whether the condition was met.
 *
 * @example
 * ```ts
 * expect(await waitUntil(() => proxy.bytesFromServer > 0, { maxPolls: 200 })).toBe(true);
 * ```
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  options: { readonly maxPolls?: number; readonly everyMs?: number } = {},
): Promise<boolean> {
  const maxPolls = options.maxPolls ?? 200;
  const everyMs = options.everyMs ?? 10;
  for (let i = 0; i < maxPolls; i++) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}

/** A plain timer promise. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Settles `promise` or gives up after `ms`: a test that expects a call to end (not hang) races it against this
 * and fails with a clear message instead of hitting the test timeout.
 *
 * @example
 * ```ts
 * const outcome = await settleWithin(repo.save(e), 10_000);
 * expect(outcome.status).toBe('rejected');
 * ```
 */
export async function settleWithin<T>(
  promise: Promise<T>,
  ms: number,
): Promise<PromiseSettledResult<T> | { status: 'hung' }> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<{ status: 'hung' }>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'hung' }), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        (value): PromiseFulfilledResult<T> => ({ status: 'fulfilled', value }),
        (reason: unknown): PromiseRejectedResult => ({ status: 'rejected', reason }),
      ),
      hung,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
