import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReadRowsRequestData } from '../../../src/model/read-rows-request.js';
import type { RowData } from '../../../src/model/row-data.js';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { mutateRows } from '../../../src/transport/mutate-rows.js';
import { readRows } from '../../../src/transport/read-rows.js';
import { useTestTable } from 'bigtable-mapper/testing/vitest';
import { commitsIn } from '../../support/encode-read-rows-response.js';

const table = useTestTable({ f: {}, g: { gcRule: { maxVersions: 2 } } }, { prefix: 'resume' });

const key = (i: number): Buffer => Buffer.from(`r#${String(i).padStart(3, '0')}`);

interface ProtoRequest {
  rows?: { rowKeys?: Uint8Array[]; rowRanges?: Record<string, Uint8Array>[] } | null;
  rowsLimit?: string | null;
  reversed?: boolean | null;
}
type ResponseStream = AsyncIterable<Uint8Array> & { cancel(): void };
type StreamRequest = (
  path: string,
  serialize: unknown,
  deserialize: unknown,
  request: ProtoRequest,
  ...rest: unknown[]
) => ResponseStream;

/**
 * Makes the first ReadRows call of `connection` fail with UNAVAILABLE (code 14) after it has relayed
 * `afterRows` committed rows from the real emulator stream; later calls go straight to the emulator.
 */
async function failFirstStreamAfter(connection: BigtableConnection, afterRows: number) {
  await connection.ready('data');
  const stub = connection.dataStub as unknown as { makeServerStreamRequest: StreamRequest };
  const real = stub.makeServerStreamRequest;
  const requests: ProtoRequest[] = [];
  stub.makeServerStreamRequest = function (this: unknown, path, serialize, deserialize, request, ...rest) {
    const upstream = real.call(this, path, serialize, deserialize, request, ...rest);
    if (!path.endsWith('/ReadRows')) return upstream;
    requests.push(request);
    if (requests.length > 1) return upstream;
    async function* relay(): AsyncGenerator<unknown> {
      let rows = 0;
      try {
        for await (const bytes of upstream) {
          yield bytes;
          rows += commitsIn(bytes);
          if (rows >= afterRows) throw Object.assign(new Error('injected: connection reset'), { code: 14 });
        }
      } finally {
        upstream.cancel();
      }
    }
    const stream = Readable.from(relay(), { objectMode: true, highWaterMark: 1 });
    return Object.assign(stream, { cancel: () => stream.destroy() }) as unknown as ResponseStream;
  };
  return {
    requests,
    restore: () => void delete (stub as Partial<typeof stub>).makeServerStreamRequest,
  };
}

async function read(request: ReadRowsRequestData): Promise<RowData[]> {
  const t = table();
  const rows: RowData[] = [];
  const options = { retry: { initialBackoffMs: 1, maxBackoffMs: 5 } };
  for await (const row of readRows(t.connection, t.tableId, request, options)) rows.push(row);
  return rows;
}

/** Rows as comparable text: key, then every cell with its bytes in hex. */
const dump = (rows: RowData[]): string[] =>
  rows.map(
    (r) =>
      `${Buffer.from(r.key).toString()} ${r.cells
        .map(
          (c) =>
            `${c.family}:${Buffer.from(c.qualifier).toString('hex')}@${c.timestampMicros}=${Buffer.from(c.value).toString('hex')}`,
        )
        .join(' ')}`,
  );

beforeAll(async () => {
  const t = table();
  const results = await mutateRows(
    t.connection,
    t.tableId,
    Array.from({ length: 60 }, (_, i) => ({
      rowKey: key(i),
      mutations: [
        {
          kind: 'setCell' as const,
          family: 'f',
          qualifier: Uint8Array.of(0, i),
          timestampMicros: 1_000n,
          value: key(i),
        },
        {
          kind: 'setCell' as const,
          family: 'g',
          qualifier: Buffer.from('v'),
          timestampMicros: 2_000n,
          value: Uint8Array.of(i, 0xff),
        },
        {
          kind: 'setCell' as const,
          family: 'g',
          qualifier: Buffer.from('v'),
          timestampMicros: 1_000n,
          value: Uint8Array.of(i),
        },
      ],
      idempotent: true,
    })),
  );
  expect(results.every((r) => r.ok)).toBe(true);
});

const range = { startKeyClosed: key(5), endKeyOpen: key(55) };

describe.each<[string, ReadRowsRequestData, (resumed: ProtoRequest) => void]>([
  [
    'forward, whole table',
    {},
    (resumed) => expect(Object.keys(resumed.rows!.rowRanges![0]!)).toEqual(['startKeyOpen']),
  ],
  [
    'forward, range and keys, rowsLimit',
    { rows: { rowKeys: [key(1), key(57)], rowRanges: [range] }, rowsLimit: 30n },
    (resumed) => {
      expect(Number(resumed.rowsLimit)).toBeLessThan(30);
      expect(resumed.rows!.rowKeys!.map((k) => Buffer.from(k).toString())).toEqual(['r#057']);
      expect(Object.keys(resumed.rows!.rowRanges![0]!).sort()).toEqual(['endKeyOpen', 'startKeyOpen']);
    },
  ],
  [
    'reversed, range',
    { rows: { rowKeys: [], rowRanges: [range] }, reversed: true },
    (resumed) => {
      expect(resumed.reversed).toBe(true);
      expect(Object.keys(resumed.rows!.rowRanges![0]!).sort()).toEqual(['endKeyOpen', 'startKeyClosed']);
    },
  ],
  [
    'reversed, whole table, rowsLimit',
    { reversed: true, rowsLimit: 40n },
    (resumed) => {
      expect(Number(resumed.rowsLimit)).toBeLessThan(40);
      expect(Object.keys(resumed.rows!.rowRanges![0]!)).toEqual(['endKeyOpen']);
    },
  ],
])('a stream failing with UNAVAILABLE mid-read: %s', (_name, request, checkResumed) => {
  it('resumes after the last row and yields exactly the rows of an uninterrupted read', async () => {
    const expected = dump(await read(request));
    expect(expected.length).toBeGreaterThan(20);
    const injected = await failFirstStreamAfter(table().connection, 12);
    try {
      expect(dump(await read(request))).toEqual(expected);
    } finally {
      injected.restore();
    }
    expect(injected.requests).toHaveLength(2);
    checkResumed(injected.requests[1]!);
  });
});
