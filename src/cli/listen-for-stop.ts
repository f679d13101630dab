/**
 * Listens for SIGINT and SIGTERM from now on (so that a signal arriving while a server or emulator starts, or just after the
 * line is printed, is not the default action that kills the process and leaves no time to stop it) and keeps the
 * process alive until one arrives or `dispose` is called.
 *
 * @example
 * ```ts
 * const stop = listenForStop();
 * const signal = await stop.signal; // 'SIGINT' or 'SIGTERM'
 * ```
 */
export function listenForStop(): { readonly signal: Promise<NodeJS.Signals>; dispose(): void } {
  // Signal listeners do not keep the event loop alive (and what the command started may be unreferenced).
  const keepAlive = setInterval(() => {}, 2 ** 30);
  let onSignal: (signal: NodeJS.Signals) => void = () => {};
  const dispose = (): void => {
    clearInterval(keepAlive);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  const signal = new Promise<NodeJS.Signals>((resolve) => {
    onSignal = (received) => {
      dispose();
      resolve(received);
    };
  });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { signal, dispose };
}
