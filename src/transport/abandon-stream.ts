/** The slice of a gRPC stream needed to stop it for good. */
export interface CancellableStream {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  cancel?: () => void;
  destroy?: (error?: Error) => unknown;
}

/**
 * Stops a streaming RPC for good: cancels it (ending the iterator does not) and frees the stream. Every streaming
 * data call is a grpc-js stream on the data client's stub, whose `cancel()` ends the call; the guards stay for a
 * stream already destroyed and for the test fakes, whose `cancel` may throw or be absent (gax's StreamProxy, which
 * these calls used before, threw from `cancel()` before its inner stream existed).
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
