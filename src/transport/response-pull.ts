import { GrpcStatus, GrpcStatusFailure } from './grpc-error.js';

/** The parts of a Node `Readable` (object mode) that {@link ResponsePull} drives. */
interface PulledReadable {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  read(): unknown;
  unshift(chunk: unknown): unknown;
  readonly readableLength: number;
  readonly readableFlowing: boolean | null;
  readonly destroyed: boolean;
}

/** Whether a stream is a Readable this pull can drive by its events (stub-level fakes may be bare async iterables). */
function isReadable(stream: object): stream is PulledReadable {
  const s = stream as Partial<PulledReadable>;
  return (
    typeof s.pause === 'function' &&
    typeof s.resume === 'function' &&
    typeof s.read === 'function' &&
    typeof s.removeListener === 'function'
  );
}

/**
 * The failure of a stream closed before its end without an error (Node's iterator raises
 * `ERR_STREAM_PREMATURE_CLOSE`): a cancelled call, so that a read tells it from an end of the rows and from a
 * retryable failure.
 */
function prematureClose(): GrpcStatusFailure {
  return new GrpcStatusFailure(GrpcStatus.CANCELLED, 'the stream closed before its end');
}

/**
 * Pulls a response stream's messages one at a time with as few promises as the stream allows: a message already
 * received is taken synchronously ({@link take}); only a consumer that has caught up with the network waits, on one
 * promise ({@link wait}). Node's stream async iterator costs several promises per message and per end (each an
 * async hook under a tracing context manager on Node 20), which for a point `get` was a third of the library's.
 *
 * The stream flows only while the consumer waits: a message arriving when nobody waits is held (one at most) and
 * the stream paused, so read-ahead stays the Readable's own (its `highWaterMark`, and `boundReadAhead`'s bytes).
 * Messages received before a failure are handed out before it, as Node's iterator does (gRPC ends the stream and
 * then emits its error); a stream destroyed with an error drops what it held; an error after the end is ignored;
 * a stream closed before its end without an error fails as a cancelled call (Node's iterator fails it too).
 * {@link release} removes every listener the pull added and leaves the stream paused.
 *
 * @example
 * ```ts
 * const pull = new ResponsePull(stream);
 * try {
 *   for (;;) {
 *     let bytes = pull.take();
 *     if (bytes === undefined) bytes = await pull.wait();
 *     if (bytes === null) break;
 *     use(bytes);
 *   }
 * } finally {
 *   pull.release();
 * }
 * ```
 */
export class ResponsePull {
  private readonly readable: PulledReadable | undefined;
  /** A bare async iterable's iterator (stub-level fakes), pulled with its own `next()`. */
  private iterator: AsyncIterator<Buffer> | undefined;
  /** The message received while nobody waited (the stream is paused while it is here). */
  private held: Buffer | undefined;
  private ended = false;
  private closed = false;
  private failed = false;
  private failure: unknown;
  private waiter: { resolve(bytes: Buffer | null): void; reject(error: unknown): void } | undefined;

  private readonly onData = (bytes: Buffer): void => {
    const waiter = this.waiter;
    if (waiter !== undefined) {
      this.waiter = undefined;
      waiter.resolve(bytes);
      return;
    }
    // Nobody waits: hold it and stop the flow; later messages stay in the Readable's bounded buffer.
    const readable = this.readable!;
    readable.pause();
    // One is held already (something else resumed the stream): this one goes back to the buffer's front, in order.
    if (this.held !== undefined) readable.unshift(bytes);
    else this.held = bytes;
  };

  private readonly onEnd = (): void => {
    this.ended = true;
    this.settle();
  };

  private readonly onError = (error: unknown): void => {
    if (this.ended || this.failed) return;
    this.failed = true;
    this.failure = error;
    // Messages still buffered come first (unless the stream was destroyed: they are gone).
    if (this.failureIsNext()) this.settle();
  };

  private readonly onClose = (): void => {
    this.closed = true;
    this.settle();
  };

  constructor(stream: AsyncIterable<Buffer>) {
    if (!isReadable(stream)) {
      this.readable = undefined;
      this.iterator = stream[Symbol.asyncIterator]();
      return;
    }
    this.readable = stream;
    stream.on('error', this.onError);
    stream.on('end', this.onEnd);
    stream.on('close', this.onClose);
    // Last: a 'data' listener starts the flow.
    stream.on('data', this.onData);
  }

  /**
   * The next message if it is already here, `null` at the end of the stream, or `undefined` when it is still to
   * come (then {@link wait}). Throws the stream's failure once the messages received before it are taken.
   */
  take(): Buffer | null | undefined {
    const held = this.held;
    if (held !== undefined) {
      this.held = undefined;
      return held;
    }
    const readable = this.readable;
    if (readable === undefined) return undefined;
    if (this.failed && this.failureIsNext()) throw this.failure;
    if (this.ended) return null;
    if (this.closed) throw prematureClose();
    if (readable.readableLength > 0 && readable.readableFlowing === false) {
      // Paused with messages buffered: read one synchronously (its 'data' event lands in `held`).
      readable.read();
      const next = this.held as Buffer | undefined;
      this.held = undefined;
      return next;
    }
    return undefined;
  }

  /** Waits for the next message (`null` at the end); call it only when {@link take} returned `undefined`. */
  wait(): Promise<Buffer | null> {
    const readable = this.readable;
    if (readable === undefined) {
      const iterator = this.iterator;
      if (iterator === undefined) return Promise.resolve(null);
      return iterator.next().then((result) => {
        if (result.done !== true) return result.value;
        this.iterator = undefined;
        return null;
      });
    }
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
      if (readable.readableFlowing !== true) readable.resume();
    });
  }

  /** Removes the pull's listeners and leaves the stream paused (it is dropped or abandoned next). */
  release(): void {
    this.waiter = undefined;
    const readable = this.readable;
    if (readable === undefined) {
      // As `for await` does when left early: a bare iterator is told it will not be read further.
      this.iterator?.return?.().catch(() => undefined);
      this.iterator = undefined;
      return;
    }
    readable.removeListener('data', this.onData);
    readable.removeListener('end', this.onEnd);
    readable.removeListener('error', this.onError);
    readable.removeListener('close', this.onClose);
    readable.pause();
  }

  /** Whether a failure is what comes next: nothing is buffered before it, or the stream was destroyed. */
  private failureIsNext(): boolean {
    const readable = this.readable!;
    return this.held === undefined && (readable.destroyed || readable.readableLength === 0);
  }

  /** Answers a waiting consumer with the end, the failure or a premature close, whichever the stream is at. */
  private settle(): void {
    const waiter = this.waiter;
    if (waiter === undefined) return;
    if (this.failed) {
      if (!this.failureIsNext() && !this.ended && !this.closed) return;
      this.waiter = undefined;
      waiter.reject(this.failure);
    } else if (this.ended) {
      this.waiter = undefined;
      waiter.resolve(null);
    } else if (this.closed) {
      this.waiter = undefined;
      waiter.reject(prematureClose());
    }
  }
}
