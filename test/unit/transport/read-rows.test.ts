import { Readable } from 'node:stream';
import { FEATURE_FLAGS_HEADER } from '../../../src/transport/feature-flags.js';
import { AbortedError } from '../../../src/errors/aborted-error.js';
import { DeadlineExceededError } from '../../../src/errors/deadline-exceeded-error.js';
import { InvalidArgumentError } from '../../../src/errors/invalid-argument-error.js';
import { describe, expect, it } from 'vitest';
import { ReadRowsStreamError } from '../../../src/errors/read-rows-stream-error.js';
import { TransportError } from '../../../src/errors/transport-error.js';
import type { ReadRowsRequestData } from '../../../src/model/read-rows-request.js';
import type { ReadRowsOptions } from '../../../src/transport/read-rows.js';
import { forEachRowBatch, readRowBatches, readRows } from '../../../src/transport/read-rows.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { encodeReadRowsResponse, fakeReadRowsStub } from '../../support/encode-read-rows-response.js';
import type { FakeAttempt } from './fake-read-rows-connection.js';
import { fakeConnection, fakeReadRowsConnection, row } from './fake-read-rows-connection.js';

const FAST: ReadRowsOptions = { retry: { initialBackoffMs: 0, maxBackoffMs: 0 } };

async function run(
  attempts: FakeAttempt[],
  request: ReadRowsRequestData = {},
  options: ReadRowsOptions = FAST,
): Promise<{ keys: string[]; error: unknown; calls: ReturnType<typeof fakeReadRowsConnection>['calls'] }> {
  const { connection, calls } = fakeReadRowsConnection(attempts);
  const keys: string[] = [];
  let error: unknown;
  try {
    for await (const r of readRows(connection, 't', request, options))
      keys.push(Buffer.from(r.key).toString());
  } catch (e) {
    error = e;
  }
  return { keys, error, calls };
}

const text = (b: Uint8Array | undefined): string | undefined => (b ? Buffer.from(b).toString() : undefined);

describe('readRows call options', () => {
  it('sends the routing header, the feature flags (reverse scans among them) and a deadline only with one', async () => {
    const forward = await run([{ responses: [] }]);
    expect(forward.calls[0]!.options.headers).toEqual({
      'x-goog-request-params': 'table_name=projects%2Fp%2Finstances%2Fi%2Ftables%2Ft&app_profile_id=',
      'x-goog-api-client': expect.stringMatching(/^gl-node\/\S+ bigtable-mapper$/),
      'bigtable-features': FEATURE_FLAGS_HEADER,
    });
    expect(forward.calls[0]!.options.deadline).toBeUndefined();
    const before = Date.now();
    const reversed = await run([{ responses: [] }], { reversed: true }, { ...FAST, timeoutMs: 5_000 });
    expect(reversed.calls[0]!.options.headers).toMatchObject({ 'bigtable-features': FEATURE_FLAGS_HEADER });
    expect(reversed.calls[0]!.options.deadline).toBeGreaterThan(before + 4_000);
    expect(reversed.calls[0]!.request.reversed).toBe(true);
  });

  it('sends nothing for rowsLimit 0 and refuses a negative one', async () => {
    expect((await run([], { rowsLimit: 0n })).calls).toHaveLength(0);
    expect((await run([], { rowsLimit: -1n })).error).toBeInstanceOf(InvalidArgumentError);
  });
});

describe('readRows resume', () => {
  it('drops a row cut by the failure and resumes after the last complete row', async () => {
    const half = { ...row('c'), commitRow: false };
    const { keys, error, calls } = await run([
      { responses: [{ chunks: [row('a'), row('b')] }, { chunks: [half] }], errorCode: 14 },
      { responses: [{ chunks: [row('c'), row('d')] }] },
    ]);
    expect(error).toBeUndefined();
    expect(keys).toEqual(['a', 'b', 'c', 'd']);
    expect(text(calls[1]!.request.rows!.rowRanges![0]!.startKeyOpen)).toBe('b');
  });

  it('resumes after a lastScannedRowKey that went beyond the last row', async () => {
    const { keys, calls } = await run([
      { responses: [{ chunks: [row('a')] }, { lastScannedRowKey: Buffer.from('m') }], errorCode: 10 },
      { responses: [{ chunks: [row('x')] }] },
    ]);
    expect(keys).toEqual(['a', 'x']);
    expect(text(calls[1]!.request.rows!.rowRanges![0]!.startKeyOpen)).toBe('m');
  });

  it('resumes a reversed read before the last row, with the limit reduced', async () => {
    const { keys, calls } = await run(
      [
        { responses: [{ chunks: [row('z'), row('y')] }], errorCode: 8 },
        { responses: [{ chunks: [row('x')] }] },
      ],
      { reversed: true, rowsLimit: 3n },
    );
    expect(keys).toEqual(['z', 'y', 'x']);
    expect(calls[1]!.request.rowsLimit).toBe('1');
    expect(text(calls[1]!.request.rows!.rowRanges![0]!.endKeyOpen)).toBe('y');
    expect(calls[1]!.options.headers).toMatchObject({ 'bigtable-features': FEATURE_FLAGS_HEADER });
  });

  it('does not retry when the failed attempt had already delivered everything asked for', async () => {
    const { keys, error, calls } = await run(
      [{ responses: [{ chunks: [row('a'), row('b')] }], errorCode: 14 }],
      {
        rows: { rowKeys: [Buffer.from('a'), Buffer.from('b')], rowRanges: [] },
      },
    );
    expect(error).toBeUndefined();
    expect(keys).toEqual(['a', 'b']);
    expect(calls).toHaveLength(1);
  });

  it('fails at once on a non-retryable code, with the gRPC error as cause', async () => {
    const { error, calls } = await run([{ responses: [], errorCode: 3 }, { responses: [] }]);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ grpcCode: 3, rpc: 'ReadRows', cause: { code: 3 } });
    expect(calls).toHaveLength(1);
  });

  it('never retries an invalid chunk stream', async () => {
    const { error, calls } = await run([
      { responses: [{ chunks: [row('b'), row('a')] }] },
      { responses: [] },
    ]);
    expect(error).toBeInstanceOf(ReadRowsStreamError);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.cancelled).toBe(true);
  });

  it('counts only failures in a row without progress against maxAttempts', async () => {
    const fail = (keys: string[]): FakeAttempt => ({
      responses: keys.length ? [{ chunks: keys.map(row) }] : [],
      errorCode: 14,
    });
    const options = { retry: { maxAttempts: 2, initialBackoffMs: 0, maxBackoffMs: 0 } };
    const progressing = await run(
      [fail(['a']), fail(['b']), fail(['c']), { responses: [{ chunks: [row('d')] }] }],
      {},
      options,
    );
    expect(progressing.error).toBeUndefined();
    expect(progressing.keys).toEqual(['a', 'b', 'c', 'd']);
    // The attempt that delivered 'a' and then failed is the first of the two allowed.
    const stuck = await run([fail(['a']), fail([]), fail([])], {}, options);
    expect(stuck.error).toMatchObject({ grpcCode: 14 });
    expect(stuck.calls).toHaveLength(2);
  });
});

describe('readRows deadline and cancellation', () => {
  it('does not start a retry whose backoff would cross the deadline', async () => {
    const { error, calls } = await run(
      [{ responses: [], errorCode: 14 }, { responses: [] }],
      {},
      {
        timeoutMs: 200,
        retry: { initialBackoffMs: 1_000, maxBackoffMs: 1_000 },
      },
    );
    expect(error).toMatchObject({ grpcCode: 14 });
    expect(calls).toHaveLength(1);
  });

  it('an abort while waiting for data cancels the call and ends with an AbortedError', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const { keys, error, calls } = await run(
      [{ responses: [{ chunks: [row('a')] }], hang: true }],
      {},
      {
        signal: controller.signal,
      },
    );
    expect(keys).toEqual(['a']);
    expect(error).toBeInstanceOf(AbortedError);
    expect(error).toMatchObject({ code: 'ABORTED', rpc: 'ReadRows' });
    expect(calls[0]!.cancelled).toBe(true);
  });

  it('an abort during the backoff wait stops retrying', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutting down')), 20);
    const { error, calls } = await run(
      [{ responses: [], errorCode: 14 }, { responses: [] }],
      {},
      {
        signal: controller.signal,
        retry: { initialBackoffMs: 10_000, maxBackoffMs: 10_000 },
      },
    );
    expect(error).toMatchObject({ code: 'ABORTED', cause: new Error('shutting down') });
    expect(calls).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { error, calls } = await run([], {}, { signal: AbortSignal.abort() });
    expect(error).toBeInstanceOf(AbortedError);
    expect(calls).toHaveLength(0);
  });

  it('an attempt silent for readIdleMs is abandoned and resumed after the last row, also after a slow consumer', async () => {
    const { connection, calls } = fakeReadRowsConnection([
      { responses: [{ chunks: [row('a')] }], hang: true },
      { responses: [{ chunks: [row('b')] }] },
    ]);
    const keys: string[] = [];
    for await (const r of readRows(connection, 't', {}, { ...FAST, timeouts: { readIdleMs: 30 } })) {
      keys.push(Buffer.from(r.key).toString());
      // Longer than readIdleMs: the watch must start again when the next rows are awaited.
      await new Promise((resolve) => setTimeout(resolve, 80));
    }
    expect(keys).toEqual(['a', 'b']);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.cancelled).toBe(true);
    expect(text(calls[1]!.request.rows?.rowRanges?.[0]?.startKeyOpen)).toBe('a');
  });

  it('time the consumer spends between rows does not count as server silence', async () => {
    const { connection, calls } = fakeReadRowsConnection([
      { responses: [{ chunks: [row('a')] }, { chunks: [row('b')] }, { chunks: [row('c')] }] },
    ]);
    const keys: string[] = [];
    for await (const r of readRows(connection, 't', {}, { ...FAST, timeouts: { readIdleMs: 20 } })) {
      keys.push(Buffer.from(r.key).toString());
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(keys).toEqual(['a', 'b', 'c']);
    expect(calls).toHaveLength(1);
  });

  it('ends once every requested row is in, without waiting for the end of the stream', async () => {
    const byKey = await run([{ responses: [{ chunks: [row('a')] }], hang: true }], {
      rows: { rowKeys: [Buffer.from('a')], rowRanges: [] },
    });
    expect(byKey).toMatchObject({ keys: ['a'], error: undefined });
    expect(byKey.calls).toHaveLength(1);
    const byLimit = await run([{ responses: [{ chunks: [row('a')] }, { chunks: [row('b')] }], hang: true }], {
      rowsLimit: 2n,
    });
    expect(byLimit).toMatchObject({ keys: ['a', 'b'], error: undefined });
    // Many keys (a getMany), some absent: done once the greatest requested key is passed, by a row or a scanned key.
    const keys = Array.from({ length: 40 }, (_, i) => `k${String(i).padStart(2, '0')}`);
    const many = await run(
      [
        {
          responses: [
            { chunks: keys.slice(0, 20).map(row) },
            { chunks: keys.slice(30, 39).map(row), lastScannedRowKey: Buffer.from('k39') },
          ],
          hang: true,
        },
      ],
      { rows: { rowKeys: [...keys].reverse().map((k) => Buffer.from(k)), rowRanges: [] } },
    );
    expect(many.keys).toEqual([...keys.slice(0, 20), ...keys.slice(30, 39)]);
    expect(many.error).toBeUndefined();
    const reversed = await run(
      [{ responses: [{ chunks: [row('c'), row('b')] }, { chunks: [row('a')] }], hang: true }],
      { rows: { rowKeys: ['a', 'c', 'b'].map((k) => Buffer.from(k)), rowRanges: [] }, reversed: true },
    );
    expect(reversed).toMatchObject({ keys: ['c', 'b', 'a'], error: undefined });
    // Not before: with the greatest key still to come, the read waits for the stream.
    const short = await run(
      [{ responses: [{ chunks: [row('a')] }], hang: true }],
      { rows: { rowKeys: ['a', 'b'].map((k) => Buffer.from(k)), rowRanges: [] } },
      { ...FAST, timeoutMs: 200 },
    );
    expect(short.keys).toEqual(['a']);
    expect(short.error).toBeInstanceOf(DeadlineExceededError);
    // A range still open at its end waits for the stream: more rows may come.
    const open = await run(
      [{ responses: [{ chunks: [row('a')] }], hang: true }],
      {
        rows: { rowKeys: [Buffer.from('a')], rowRanges: [{ startKeyClosed: Buffer.from('b') }] },
      },
      { ...FAST, timeoutMs: 200 },
    );
    expect(open.keys).toEqual(['a']);
    expect(open.error).toBeInstanceOf(DeadlineExceededError);
  });

  it('breaking out of the loop cancels the call', async () => {
    const { connection, calls } = fakeReadRowsConnection([
      { responses: [{ chunks: [row('a'), row('b')] }], hang: true },
    ]);
    for await (const _row of readRows(connection, 't', {})) break;
    expect(calls[0]!.cancelled).toBe(true);
  });
});

/** A connection whose one ReadRows stream is fed by hand (as gRPC feeds it), to look at that stream afterwards. */
function handFedConnection(): {
  connection: BigtableConnection;
  stream: () => Readable;
  cancelled: () => boolean;
} {
  let stream: Readable | undefined;
  let cancelled = false;
  const connection = fakeConnection(
    fakeReadRowsStub(() => {
      const s = new Readable({ objectMode: true, read: () => undefined });
      stream = s;
      return Object.assign(s, {
        cancel: () => {
          cancelled = true;
          s.destroy(Object.assign(new Error('Cancelled on client'), { code: 1 }));
        },
      });
    }),
  );
  return { connection, stream: () => stream!, cancelled: () => cancelled };
}

/** The listeners of the read's own pull on a stream (the ones abandonStream and 'metadata' add aside). */
const pullListeners = (stream: Readable): number[] =>
  (['data', 'end', 'close', 'readable'] as const).map((e) => stream.listenerCount(e));

describe('readRows leaving a stream', () => {
  it('a consumer breaking out mid-stream cancels and destroys the stream and leaves no listener of the read on it', async () => {
    const { connection, stream, cancelled } = handFedConnection();
    const batches = readRowBatches(connection, 't', {});
    const first = batches.next();
    await new Promise((resolve) => setImmediate(resolve));
    stream().push(encodeReadRowsResponse({ chunks: [row('a')] }));
    stream().push(encodeReadRowsResponse({ chunks: [row('b')] }));
    expect((await first).value?.map((r) => Buffer.from(r.key).toString())).toEqual(['a']);
    await batches.return!();
    expect(cancelled()).toBe(true);
    expect(stream().destroyed).toBe(true);
    expect(pullListeners(stream())).toEqual([0, 0, 0, 0]);
    // One listener swallows the late CANCELLED status: no unhandled 'error'.
    expect(stream().listenerCount('error')).toBe(1);
  });

  it('a callback consumer that stops cancels the stream the same way; one that reads to the end leaves it to end', async () => {
    /** Feeds two responses (and the end when `end`) to a callback read that goes on while `goOn` says so. */
    const read = async (goOn: boolean, end: boolean) => {
      const fed = handFedConnection();
      const seen: string[] = [];
      const reading = forEachRowBatch(fed.connection, 't', {}, {}, (rows) => {
        seen.push(...rows.map((r) => Buffer.from(r.key).toString()));
        return goOn;
      });
      await new Promise((resolve) => setImmediate(resolve));
      fed.stream().push(encodeReadRowsResponse({ chunks: [row('a')] }));
      fed.stream().push(encodeReadRowsResponse({ chunks: [row('b')] }));
      if (end) fed.stream().push(null);
      await reading;
      return { seen, cancelled: fed.cancelled(), listeners: pullListeners(fed.stream()) };
    };
    expect(await read(false, false)).toEqual({ seen: ['a'], cancelled: true, listeners: [0, 0, 0, 0] });
    expect(await read(true, true)).toEqual({ seen: ['a', 'b'], cancelled: false, listeners: [0, 0, 0, 0] });
  });

  it('hands out the rows received before a retryable failure, then resumes after them', async () => {
    const { connection, calls } = fakeReadRowsConnection([
      { responses: [{ chunks: [row('a')] }, { chunks: [row('b')] }], errorCode: 14 },
      { responses: [{ chunks: [row('c')] }] },
    ]);
    const keys: string[] = [];
    await forEachRowBatch(connection, 't', {}, FAST, (rows) => {
      keys.push(...rows.map((r) => Buffer.from(r.key).toString()));
      return true;
    });
    expect(keys).toEqual(['a', 'b', 'c']);
    expect(text(calls[1]!.request.rows?.rowRanges?.[0]?.startKeyOpen)).toBe('b');
  });
});
