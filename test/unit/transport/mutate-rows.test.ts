import { InternalError } from '../../../src/errors/internal-error.js';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Mutation } from '../../../src/model/mutation.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import type { MutateRowsEntry, MutateRowsOptions } from '../../../src/transport/mutate-rows.js';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import { fakeMutateRowsStub } from '../../support/fake-mutate-rows-stub.js';
import {
  initialMutateRowsRetryState,
  planMutateRowsRetry,
} from '../../../src/transport/plan-mutate-rows-retry.js';

const set: Mutation = {
  kind: 'setCell',
  family: 'f',
  qualifier: Buffer.from('q'),
  timestampMicros: 0n,
  value: Buffer.from('v'),
};
const entry = (key: string, mutations: Mutation[] = [set]): MutateRowsEntry => ({
  rowKey: Buffer.from(key),
  mutations,
});

/**
 * Each attempt: per-entry codes (missing = no status), then an optional RPC error code and the details grpc-js
 * would give it (default: a connection dropped after sending, i.e. an unknown outcome).
 */
type Script = { codes: (number | undefined)[]; rpcError?: number; details?: string }[];

async function run(entries: MutateRowsEntry[], script: Script, options: MutateRowsOptions = {}) {
  const requests: { keys: string[]; mutations: number; options: Record<string, unknown> }[] = [];
  const connection = {
    appProfileId: 'profile',
    closeSignal: new AbortController().signal,
    ready: async () => undefined,
    tablePath: (id: string) => `projects/p/instances/i/tables/${id}`,
    // The data client's gRPC stub, as MutateRows is sent on it: the request object and call options as given.
    dataStub: fakeMutateRowsStub((request, callOptions) => {
      expect(request.appProfileId).toBe('profile');
      requests.push({
        keys: request.entries.map((e) => Buffer.from(e.rowKey).toString()),
        mutations: request.entries.reduce((n, e) => n + e.mutations.length, 0),
        options: callOptions,
      });
      const step = script.shift() ?? { codes: request.entries.map(() => 0) };
      const items: unknown[] = [
        {
          entries: step.codes.flatMap((code, index) =>
            code === undefined ? [] : [{ index: String(index), status: { code, message: `code ${code}` } }],
          ),
        },
      ];
      const stream = new Readable({
        objectMode: true,
        read() {
          const next = items.shift();
          if (next !== undefined) this.push(next);
          else if (step.rpcError !== undefined)
            this.destroy(
              Object.assign(new Error('rpc failed'), {
                code: step.rpcError,
                details: step.details ?? 'Connection dropped',
              }),
            );
          else this.push(null);
        },
      });
      return Object.assign(stream, { cancel: () => stream.destroy() });
    }),
  } as unknown as BigtableConnection;
  const results = await mutateRows(connection, 't', entries, {
    retry: { initialBackoffMs: 0, maxBackoffMs: 0 },
    ...options,
  });
  return { results, requests };
}

describe('mutateRows', () => {
  it('re-sends entries the service answered with a retryable code, and settles the others', async () => {
    const { results, requests } = await run(
      [entry('a'), entry('b'), entry('c'), entry('d')],
      [{ codes: [14, 10, 5, 0] }, { codes: [0, 14] }, { codes: [0] }],
    );
    expect(requests.map((r) => r.keys)).toEqual([['a', 'b', 'c', 'd'], ['a', 'b'], ['b']]);
    expect(results).toEqual([
      { ok: true },
      { ok: true },
      { ok: false, outcome: 'notWritten', grpcCode: 5, message: 'code 5' },
      { ok: true },
    ]);
  });

  it('gives every entry the RPC failure it left unanswered, and an UNKNOWN outcome when the stream just ended', async () => {
    const { results } = await run(
      [entry('a'), entry('b'), entry('c')],
      [{ codes: [0, undefined, undefined], rpcError: 3 }],
      {},
    );
    expect(results[0]).toEqual({ ok: true });
    expect(results[1]).toMatchObject({ ok: false, grpcCode: 3 });
    const silent = await run([entry('a'), entry('b')], [{ codes: [0, undefined] }]);
    expect(silent.results[1]).toMatchObject({
      ok: false,
      outcome: 'unknown',
      grpcCode: 2,
      message: /without a status/,
    });
  });

  it('never re-sends entries left unanswered when the link broke after sending: their outcome is unknown', async () => {
    const { results, requests } = await run(
      [entry('a'), entry('b')],
      [{ codes: [0], rpcError: 14, details: 'Connection dropped' }, { codes: [0] }],
    );
    expect(requests.map((r) => r.keys)).toEqual([['a', 'b']]);
    expect(results).toEqual([
      { ok: true },
      { ok: false, outcome: 'unknown', grpcCode: 14, message: expect.stringMatching(/Connection dropped/) },
    ]);
  });

  it('re-sends entries whose request provably never left (no connection), and answers them', async () => {
    const { results, requests } = await run(
      [entry('a'), entry('b')],
      [
        { codes: [], rpcError: 14, details: 'No connection established. Last error: connect ECONNREFUSED' },
        { codes: [0, 0] },
      ],
    );
    expect(requests.map((r) => r.keys)).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
  });

  it('splits requests at maxMutationsPerRequest and keeps outcomes in input order', async () => {
    const two = [set, set];
    const { results, requests } = await run(
      [entry('a', two), entry('b', two), entry('c', two), entry('d', [set])],
      [{ codes: [0, 0] }, { codes: [0, 14] }, { codes: [0] }],
      { maxMutationsPerRequest: 4 },
    );
    expect(requests.map((r) => r.keys)).toEqual([['a', 'b'], ['c', 'd'], ['d']]);
    expect(requests.every((r) => r.mutations <= 4)).toBe(true);
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('passes the remaining deadline as the call deadline (no gax layer, so no retries of its own)', async () => {
    const before = Date.now();
    const { requests } = await run([entry('a')], [], { timeoutMs: 10_000 });
    const deadline = requests[0]!.options.deadline as number;
    expect(deadline - before).toBeGreaterThan(9_000);
    expect(deadline - before).toBeLessThanOrEqual(10_000 + 1_000);
    expect(requests[0]!.options).not.toHaveProperty('retry');
  });

  it('stops retrying when the next backoff would cross the deadline', async () => {
    const { results, requests } = await run([entry('a')], [{ codes: [14] }, { codes: [0] }], {
      timeoutMs: 100,
      retry: { initialBackoffMs: 5_000, maxBackoffMs: 5_000 },
    });
    expect(requests).toHaveLength(1);
    expect(results[0]).toMatchObject({ ok: false, outcome: 'notWritten', grpcCode: 14 });
  });

  it('refuses invalid entries before sending anything', async () => {
    await expect(run([entry('')], [])).rejects.toThrow(/non-empty/);
    await expect(run([entry('a', [])], [])).rejects.toThrow(/mutations/);
    await expect(run([entry('a')], [], { retry: { maxAttempts: 0 } })).rejects.toThrow(/maxAttempts/);
  });
});

describe('planMutateRowsRetry', () => {
  it('settles everything on the last allowed attempt and refuses misaligned statuses', () => {
    const policy = { maxAttempts: 1, retryableCodes: [14] };
    const state = planMutateRowsRetry(
      initialMutateRowsRetryState(1),
      [{ code: 14, message: 'x', delivery: 'answered' }],
      policy,
    );
    expect(state).toEqual({
      attempts: 1,
      pending: [],
      results: [{ ok: false, outcome: 'notWritten', grpcCode: 14, message: 'x' }],
    });
    expect(() => planMutateRowsRetry(initialMutateRowsRetryState(1), [], policy)).toThrow(InternalError);
  });
});

describe('retry policy handling', () => {
  it('retries only the codes the policy lists', async () => {
    const { results, requests } = await run([entry('a'), entry('b')], [{ codes: [14, 13] }, { codes: [0] }], {
      retry: { retryableCodes: [13] },
    });
    expect(requests.map((r) => r.keys)).toEqual([['a', 'b'], ['b']]);
    expect(results).toEqual([
      { ok: false, outcome: 'notWritten', grpcCode: 14, message: 'code 14' },
      { ok: true },
    ]);
  });
});
