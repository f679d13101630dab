import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BigtableConnection } from '../../src/transport/bigtable-connection.js';
import { mutateRows } from '../../src/transport/mutate-rows.js';
import { fakeMutateRowsStub } from '../support/fake-mutate-rows-stub.js';
import { DEFAULT_RETRY_POLICY } from '../../src/transport/retry-policy.js';
import type { EntryStatus, MutateRowsRetryState } from '../../src/transport/plan-mutate-rows-retry.js';
import {
  initialMutateRowsRetryState,
  planMutateRowsRetry,
} from '../../src/transport/plan-mutate-rows-retry.js';
import { readVectorFile } from './read-vector-file.js';

/**
 * googleapis/nodejs-bigtable system-test/data/mutate-rows-retry-test.json, used unchanged. Attempt i is answered
 * by `responses[i]`: `code` is the HTTP-level status of the call and `entry_codes` the gRPC status of each entry
 * sent, in request order. `code: 429` (no entry codes) is a failed call: by the gRPC/HTTP status mapping
 * (grpc/doc/http-grpc-status-mapping.md) HTTP 429 is UNAVAILABLE (14), which leaves every entry unanswered with
 * that code. `mutation_batches_invoked` lists the keys each attempt must send; `errors` the entries that end failed.
 */
interface JsonCase {
  name: string;
  max_retries: number;
  mutations_request: { method: string; key: string; data: object }[];
  responses: { code: number; entry_codes?: number[] }[];
  mutation_batches_invoked: string[][];
  errors?: { index_in_mutations_request: number }[];
}

const { tests } = readVectorFile('mutate-rows-retry-test.json') as { tests: JsonCase[] };

const HTTP_TO_GRPC: Record<number, number> = { 200: 0, 429: 14 };

function statusesOf(response: JsonCase['responses'][number], sent: number): EntryStatus[] {
  const rpcCode = HTTP_TO_GRPC[response.code];
  if (rpcCode === undefined) throw new Error(`unmapped HTTP status ${response.code}`);
  // A status per entry is the service's answer; a failed call (HTTP 429) was refused before processing.
  return Array.from({ length: sent }, (_, i) => ({
    code: response.entry_codes?.[i] ?? rpcCode,
    message: `status ${response.entry_codes?.[i] ?? rpcCode}`,
    delivery:
      response.entry_codes?.[i] === undefined && rpcCode !== 0 ? ('notSent' as const) : ('answered' as const),
  }));
}

describe('MutateRows retry: nodejs-bigtable conformance cases', () => {
  it('has all 5 cases', () => {
    expect(tests).toHaveLength(5);
  });

  describe.each(tests.map((t) => [t.name, t] as const))('%s', (_name, test) => {
    const keys = test.mutations_request.map((m) => m.key);
    const expectedFailures = (test.errors ?? []).map((e) => e.index_in_mutations_request);

    it('planMutateRowsRetry sends the expected batches and settles the expected failures', () => {
      let state: MutateRowsRetryState = initialMutateRowsRetryState(keys.length);
      const batches: string[][] = [];
      const responses = [...test.responses];
      while (state.pending.length > 0) {
        batches.push(state.pending.map((i) => keys[i]!));
        const response = responses.shift();
        expect(response, 'more attempts than responses').toBeDefined();
        state = planMutateRowsRetry(state, statusesOf(response!, state.pending.length), {
          maxAttempts: test.max_retries + 1,
          retryableCodes: DEFAULT_RETRY_POLICY.retryableCodes,
        });
      }
      expect(batches).toEqual(test.mutation_batches_invoked);
      expect(responses, 'not all responses were used').toHaveLength(0);
      const failed = state.results.flatMap((r, i) => (r?.ok === false ? [i] : []));
      expect(failed).toEqual(expectedFailures);
      expect(state.results.every((r) => r !== undefined)).toBe(true);
    });

    it('mutateRows does the same through the gRPC stub call shape', async () => {
      const responses = [...test.responses];
      const batches: string[][] = [];
      const connection = {
        appProfileId: undefined,
        closeSignal: new AbortController().signal,
        ready: async () => undefined,
        tablePath: (id: string) => `projects/p/instances/i/tables/${id}`,
        // The data client's gRPC stub, as MutateRows is sent on it: the request object as given.
        dataStub: fakeMutateRowsStub((request) => {
          batches.push(request.entries.map((e) => Buffer.from(e.rowKey).toString()));
          const response = responses.shift();
          expect(response, 'more attempts than responses').toBeDefined();
          const items: unknown[] = response!.entry_codes
            ? [
                {
                  entries: response!.entry_codes.map((code, i) => ({
                    index: String(i),
                    status: { code, message: '' },
                  })),
                },
              ]
            : [];
          const stream = new Readable({
            objectMode: true,
            read() {
              const next = items.shift();
              if (next !== undefined) this.push(next);
              else if (response!.code !== 200) {
                // What grpc-js reports when the server answers the call with an HTTP error status.
                this.destroy(
                  Object.assign(new Error('unavailable'), {
                    code: HTTP_TO_GRPC[response!.code],
                    details: `Received HTTP status code ${response!.code}`,
                  }),
                );
              } else this.push(null);
            },
          });
          return Object.assign(stream, { cancel: () => stream.destroy() });
        }),
      } as unknown as BigtableConnection;
      const results = await mutateRows(
        connection,
        't',
        keys.map((key) => ({
          rowKey: Buffer.from(key),
          mutations: [{ kind: 'deleteFromRow' as const }],
        })),
        { retry: { maxAttempts: test.max_retries + 1, initialBackoffMs: 0, maxBackoffMs: 0 } },
      );
      expect(batches).toEqual(test.mutation_batches_invoked);
      expect(responses).toHaveLength(0);
      expect(results.flatMap((r, i) => (r.ok ? [] : [i]))).toEqual(expectedFailures);
    });
  });
});
