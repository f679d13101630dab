import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TransportError } from '../../src/errors/transport-error.js';
import type { ReadRowsRequestData, RowRange } from '../../src/model/read-rows-request.js';
import type { BigtableConnection } from '../../src/transport/bigtable-connection.js';
import { readRows } from '../../src/transport/read-rows.js';
import { readRowsResume } from '../../src/transport/read-rows-resume.js';
import { readVectorFile } from './read-vector-file.js';
import { encodeReadRowsResponse, fakeReadRowsStub } from '../support/encode-read-rows-response.js';

/**
 * googleapis/nodejs-bigtable system-test/data/read-rows-retry-test.json, used unchanged. In the original harness a
 * mock server answers attempt i with `responses[i]` (one response carrying a committed row per key, then the error
 * code or a clean end) and records the row set and limit of each request; `request_options` is what each attempt
 * must ask for and `row_keys_read` what each attempt must deliver.
 */
interface JsonRange {
  startKeyClosed?: string;
  startKeyOpen?: string;
  endKeyOpen?: string;
  endKeyClosed?: string;
}
interface JsonRequest {
  rowKeys: string[];
  rowRanges: JsonRange[];
  rowsLimit?: number;
}
interface JsonCase {
  name: string;
  max_retries: number;
  request_options: JsonRequest[];
  responses: { row_keys?: string[]; end_with_error?: number }[];
  row_keys_read: string[][];
  error?: number;
}

const { tests } = readVectorFile('read-rows-retry-test.json') as { tests: JsonCase[] };

const ascii = (b: Uint8Array): string => Buffer.from(b).toString('latin1');
const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));

function toRequestData(json: JsonRequest): ReadRowsRequestData {
  return {
    rows: {
      rowKeys: json.rowKeys.map(bytes),
      rowRanges: json.rowRanges.map(
        (r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, bytes(v as string)])) as RowRange,
      ),
    },
    ...(json.rowsLimit === undefined ? {} : { rowsLimit: BigInt(json.rowsLimit) }),
  };
}

/** Reads a request back into the file's notation (as the original harness's getRequestOptions does). */
function toJson(request: {
  rows?: { rowKeys?: Uint8Array[]; rowRanges?: Record<string, Uint8Array>[] } | null;
  rowsLimit?: unknown;
}): JsonRequest {
  const out: JsonRequest = {
    rowKeys: (request.rows?.rowKeys ?? []).map(ascii),
    rowRanges: (request.rows?.rowRanges ?? []).map(
      (r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, ascii(v)])) as JsonRange,
    ),
  };
  if (request.rowsLimit !== undefined && request.rowsLimit !== null)
    out.rowsLimit = Number(request.rowsLimit);
  return out;
}

function rowResponse(keys: string[]): unknown {
  return {
    chunks: keys.map((key) => ({
      rowKey: Buffer.from(key),
      familyName: { value: 'family' },
      qualifier: { value: Buffer.from('qualifier') },
      timestampMicros: '0',
      labels: [],
      value: Buffer.from(key),
      valueSize: 0,
      commitRow: true,
    })),
  };
}

/** A server stream that delivers its response and only then fails, like the original mock server. */
function serverStream(response: JsonCase['responses'][number]): Readable & { cancel(): void } {
  const queue: unknown[] = response.row_keys ? [encodeReadRowsResponse(rowResponse(response.row_keys))] : [];
  const stream = new Readable({
    objectMode: true,
    read() {
      const next = queue.shift();
      if (next !== undefined) this.push(next);
      else if (response.end_with_error !== undefined) {
        this.destroy(
          Object.assign(new Error(`status ${response.end_with_error}`), { code: response.end_with_error }),
        );
      } else this.push(null);
    },
  });
  return Object.assign(stream, { cancel: () => stream.destroy() });
}

describe('ReadRows retry and resume: nodejs-bigtable conformance cases', () => {
  it('has all 9 cases', () => {
    expect(tests).toHaveLength(9);
  });

  describe.each(tests.map((t) => [t.name, t] as const))('%s', (_name, test) => {
    it('readRows sends the expected requests, delivers the expected rows and ends as expected', async () => {
      const responses = [...test.responses];
      const requests: JsonRequest[] = [];
      const rowKeysRead: string[][] = [];
      const connection = {
        appProfileId: undefined,
        closeSignal: new AbortController().signal,
        ready: async () => undefined,
        tablePath: (id: string) => `projects/p/instances/i/tables/${id}`,
        dataStub: fakeReadRowsStub((request: Parameters<typeof toJson>[0]) => {
          const response = responses.shift();
          expect(response, 'more attempts than responses').toBeDefined();
          requests.push(toJson(request));
          rowKeysRead.push([]);
          return serverStream(response!);
        }),
      } as unknown as BigtableConnection;

      let error: unknown;
      try {
        const rows = readRows(connection, 't', toRequestData(test.request_options[0]!), {
          retry: { maxAttempts: test.max_retries + 1, initialBackoffMs: 0, maxBackoffMs: 0 },
        });
        for await (const row of rows) rowKeysRead[rowKeysRead.length - 1]!.push(ascii(row.key));
      } catch (e) {
        error = e;
      }

      if (test.error !== undefined) {
        expect(error).toBeInstanceOf(TransportError);
        expect((error as TransportError).grpcCode).toBe(test.error);
      } else {
        expect(error).toBeUndefined();
      }
      expect(rowKeysRead).toEqual(test.row_keys_read);
      expect(responses, 'not all responses were used').toHaveLength(0);
      expect(requests).toEqual(test.request_options);
    });

    it('readRowsResume alone computes every retry request from the rows read so far', () => {
      const original = toRequestData(test.request_options[0]!);
      let lastKey: Uint8Array | undefined;
      let rowsRead = 0n;
      test.request_options.forEach((expected, attempt) => {
        const next = readRowsResume(original, { lastKey, rowsRead });
        expect(next).not.toBe('done');
        expect(toJson(next as Parameters<typeof toJson>[0])).toEqual(expected);
        for (const key of test.row_keys_read[attempt] ?? []) {
          lastKey = bytes(key);
          rowsRead += 1n;
        }
      });
    });
  });
});
