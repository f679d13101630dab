/** The slice of a gax/grpc stream needed to stop it for good. */
export interface CancellableStream {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  cancel?: () => void;
  destroy?: (error?: Error) => unknown;
}

/**
 * Stops a streaming RPC for good: cancels it (ending the iterator does not) and frees the stream. gax's StreamProxy
 * forwards `cancel()` to an inner stream that may not have one yet (or ever: its retry-request stream), which
 * throws `TypeError: this.stream.cancel is not a function`; destroying still tears the call down then.
 *
 * @example
 * ```ts
 * abandonStream(stream);
 * ```
 */
export function abandonStream(stream: CancellableStream): void {
  // Late errors (the CANCELLED status our cancel provokes) must not become unhandled 'error' events.
  stream.on('error', () => undefined);
  try {
    stream.cancel?.();
  } catch {
    // See above: the call is torn down by destroy() below.
  }
  try {
    stream.destroy?.();
  } catch {
    // Already destroyed.
  }
}
