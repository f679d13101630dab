import { Readable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ResponsePull } from '../../../src/transport/response-pull.js';

/** A Readable fed by hand, as gRPC feeds its call stream (from its own callbacks, not from `_read`). */
function fed(): { stream: Readable; reads: () => number } {
  let reads = 0;
  const stream = new Readable({
    objectMode: true,
    read() {
      reads += 1;
    },
  });
  return { stream, reads: () => reads };
}

/** The next message, `null` at the end, or the failure thrown. */
async function next(pull: ResponsePull): Promise<string | null> {
  let bytes = pull.take();
  if (bytes === undefined) bytes = await pull.wait();
  return bytes === null ? null : bytes.toString();
}

const PULL_EVENTS = ['data', 'end', 'error', 'close', 'readable'] as const;

describe('ResponsePull', () => {
  it('hands out messages in order, taking those already received without waiting, then the end', async () => {
    const { stream } = fed();
    const pull = new ResponsePull(stream);
    const first = pull.wait();
    stream.push(Buffer.from('a'));
    expect((await first)?.toString()).toBe('a');
    // Received while nobody waited: held, the stream paused, and taken synchronously.
    stream.push(Buffer.from('b'));
    stream.push(Buffer.from('c'));
    stream.push(null);
    await tick();
    expect(stream.readableFlowing).toBe(false);
    expect(pull.take()?.toString()).toBe('b');
    expect(pull.take()?.toString()).toBe('c');
    expect(await next(pull)).toBeNull();
  });

  it('a paused consumer leaves the stream paused: read-ahead stays the Readable’s own bound', async () => {
    const { stream, reads } = fed();
    const pull = new ResponsePull(stream);
    const first = pull.wait();
    stream.push(Buffer.from('a'));
    await first;
    // The consumer holds on to its message; the source keeps offering more.
    for (let i = 0; i < 40; i++) {
      stream.push(Buffer.from(String(i)));
      await tick();
    }
    // Buffered by the Readable (over its highWaterMark: the fake ignores push's answer), not drained by the pull.
    expect(stream.readableFlowing).toBe(false);
    expect(stream.readableLength).toBeGreaterThanOrEqual(39);
    const readsWhilePaused = reads();
    await tick();
    expect(reads()).toBe(readsWhilePaused);
    // Everything still comes, in order.
    const got: string[] = [];
    stream.push(null);
    for (let m = await next(pull); m !== null; m = await next(pull)) got.push(m);
    expect(got).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
  });

  it('gives the messages received before a failure first, then the failure (gRPC ends the stream, then errs)', async () => {
    const { stream } = fed();
    const pull = new ResponsePull(stream);
    stream.push(Buffer.from('a'));
    stream.push(Buffer.from('b'));
    await tick();
    stream.push(null);
    const failure = Object.assign(new Error('unavailable'), { code: 14 });
    stream.emit('error', failure);
    expect(await next(pull)).toBe('a');
    expect(await next(pull)).toBe('b');
    await expect(next(pull)).rejects.toBe(failure);
  });

  it('rejects a waiting consumer at once when the stream fails with nothing buffered', async () => {
    const { stream } = fed();
    const pull = new ResponsePull(stream);
    const waiting = pull.wait();
    stream.push(null);
    const failure = new Error('cancelled');
    stream.emit('error', failure);
    await expect(waiting).rejects.toBe(failure);
  });

  it('drops what a stream destroyed with an error held: the failure comes next', async () => {
    const { stream } = fed();
    const pull = new ResponsePull(stream);
    const first = pull.wait();
    stream.push(Buffer.from('a'));
    await first;
    stream.push(Buffer.from('b'));
    stream.push(Buffer.from('c'));
    const failure = new Error('torn down');
    stream.destroy(failure);
    await tick();
    // 'b' was already taken from the stream (held by the pull); 'c' went down with the stream.
    expect(await next(pull)).toBe('b');
    await expect(next(pull)).rejects.toBe(failure);
  });

  it('ignores an error after the end', async () => {
    const { stream } = fed();
    const pull = new ResponsePull(stream);
    const first = pull.wait();
    stream.push(Buffer.from('a'));
    await first;
    stream.push(null);
    expect(await next(pull)).toBeNull();
    stream.emit('error', new Error('late'));
    expect(pull.take()).toBeNull();
  });

  it('fails a stream closed before its end without an error as a cancelled call, not as the end of the rows', async () => {
    const { stream } = fed();
    const pull = new ResponsePull(stream);
    const waiting = pull.wait();
    stream.destroy();
    await expect(waiting).rejects.toMatchObject({ code: 1 });
    let thrown: unknown;
    try {
      pull.take();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 1, details: 'the stream closed before its end' });
  });

  it('release removes every listener it added and leaves the stream paused', async () => {
    const { stream } = fed();
    const before = PULL_EVENTS.map((e) => stream.listenerCount(e));
    const pull = new ResponsePull(stream);
    const first = pull.wait();
    stream.push(Buffer.from('a'));
    await first;
    pull.release();
    expect(PULL_EVENTS.map((e) => stream.listenerCount(e))).toEqual(before);
    stream.push(Buffer.from('b'));
    await tick();
    expect(stream.readableFlowing).toBe(false);
    expect(stream.readableLength).toBe(1);
  });

  it('pulls a bare async iterable (a stub-level fake) through its own iterator, and returns it on release', async () => {
    let returned = false;
    async function* responses(): AsyncGenerator<Buffer> {
      try {
        yield Buffer.from('a');
        yield Buffer.from('b');
      } finally {
        returned = true;
      }
    }
    const pull = new ResponsePull(responses());
    expect(await next(pull)).toBe('a');
    pull.release();
    await tick();
    expect(returned).toBe(true);
    const whole = new ResponsePull(responses());
    expect([await next(whole), await next(whole), await next(whole)]).toEqual(['a', 'b', null]);
  });
});
