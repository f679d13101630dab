/**
 * Records every unhandled promise rejection while a scenario runs (the SDK must never leave one behind, e.g. a
 * stream's error after close). `stop()` removes the listener and returns what was seen.
 *
 * @example
 * ```ts
 * const unhandled = trackUnhandledRejections();
 * try { ... } finally { expect(unhandled.stop()).toEqual([]); }
 * ```
 */
export function trackUnhandledRejections(): { stop(): unknown[] } {
  const seen: unknown[] = [];
  const listener = (reason: unknown): void => {
    seen.push(reason);
  };
  process.on('unhandledRejection', listener);
  return {
    stop: () => {
      process.off('unhandledRejection', listener);
      return seen;
    },
  };
}

/** Every error in a cause chain (bounded, in case of a cycle). */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  for (let depth = 0; depth < 10 && current !== undefined && current !== null; depth++) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

/** True if a TypeError (the SDK tripping over its own state) appears anywhere in the chain. */
export function hasTypeError(error: unknown): boolean {
  return causeChain(error).some((e) => e instanceof TypeError);
}
