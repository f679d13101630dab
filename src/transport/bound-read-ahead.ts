/**
 * The parts of a Node `Readable` (object mode) that {@link boundReadAhead} wraps: `_read` asks the source for one
 * more message (gRPC starts one read per call), `push` hands a message over.
 */
export interface ReadAheadSource {
  _read(size: number): void;
  push(chunk: unknown): boolean;
}

/** The bytes of a pushed message, or 0 for what is not a byte array (the end of the stream, `null`). */
function sizeOf(chunk: unknown): number {
  return chunk instanceof Uint8Array ? chunk.byteLength : 0;
}

/**
 * Bounds a response stream's read-ahead by bytes as well as by messages. A Readable reads ahead up to its
 * `highWaterMark` in messages (16 for gRPC's streams), whatever their size: a few bytes each from the emulator,
 * up to megabytes each from a real cluster. Wrapped, the stream asks gRPC for another message only while the
 * messages it holds for the consumer total less than `maxBytes` (so they stay below `maxBytes` plus one message,
 * which always flows, however large); the consumer calls the returned `taken` with each message it takes.
 *
 * @example
 * ```ts
 * const taken = boundReadAhead(stream, 4 * 1024 * 1024);
 * for await (const bytes of stream) { taken(bytes); use(bytes); }
 * ```
 */
export function boundReadAhead(stream: ReadAheadSource, maxBytes: number): (message: Uint8Array) => void {
  const read = stream._read.bind(stream);
  const push = stream.push.bind(stream);
  let held = 0;
  let withheld = false;
  let withheldSize = 0;
  // The Readable marks itself as reading until the next push, so a withheld `_read` is simply made later.
  stream._read = (size: number): void => {
    if (held < maxBytes) read(size);
    else {
      withheld = true;
      withheldSize = size;
    }
  };
  stream.push = (chunk: unknown): boolean => {
    held += sizeOf(chunk);
    return push(chunk);
  };
  return (message) => {
    held -= message.byteLength;
    if (withheld && held < maxBytes) {
      withheld = false;
      read(withheldSize);
    }
  };
}
