import { Readable } from 'node:stream';
import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { encodeReadRowsResponse, fakeReadRowsStub } from '../../support/encode-read-rows-response.js';

/** A chunk in the generated client's decoded shape. */
export interface FakeChunk {
  rowKey?: Uint8Array;
  familyName?: { value: string } | null;
  qualifier?: { value: Uint8Array } | null;
  timestampMicros?: string;
  value?: Uint8Array;
  valueSize?: number;
  commitRow?: boolean;
  resetRow?: boolean;
}

/** What one fake attempt answers: responses in order, then a gRPC error code or a clean end. */
export interface FakeAttempt {
  responses: { chunks?: FakeChunk[]; lastScannedRowKey?: Uint8Array }[];
  errorCode?: number;
  /** Never end (for deadline and abort tests). */
  hang?: boolean;
}

/** A one-cell committed row whose value is its key. */
export function row(key: string): FakeChunk {
  return {
    rowKey: Buffer.from(key),
    familyName: { value: 'f' },
    qualifier: { value: Buffer.from('q') },
    timestampMicros: '1000',
    value: Buffer.from(key),
    commitRow: true,
  };
}

export interface FakeCall {
  request: {
    rows?: { rowKeys?: Uint8Array[]; rowRanges?: Record<string, Uint8Array>[] };
    rowsLimit?: string;
    reversed?: boolean;
  };
  /** The headers sent and the deadline (absent without one). */
  options: { headers: Record<string, unknown>; deadline: number | undefined };
  cancelled: boolean;
}

/** A connection whose ReadRows serves scripted attempts (responses encoded as a server sends them). */
export function fakeReadRowsConnection(attempts: FakeAttempt[]): {
  connection: BigtableConnection;
  calls: FakeCall[];
} {
  const calls: FakeCall[] = [];
  const connection = fakeConnection(
    fakeReadRowsStub((request: FakeCall['request'], options: FakeCall['options']) => {
      const attempt = attempts.shift();
      if (!attempt) throw new Error('unexpected extra ReadRows attempt');
      const call: FakeCall = { request, options, cancelled: false };
      calls.push(call);
      const queue = [...attempt.responses];
      const stream = new Readable({
        objectMode: true,
        read() {
          const next = queue.shift();
          if (next !== undefined) this.push(encodeReadRowsResponse(next));
          else if (attempt.hang) return;
          else if (attempt.errorCode !== undefined) {
            this.destroy(
              Object.assign(new Error(`status ${attempt.errorCode}`), { code: attempt.errorCode }),
            );
          } else this.push(null);
        },
      });
      return Object.assign(stream, {
        cancel: () => {
          call.cancelled = true;
          stream.destroy(Object.assign(new Error('Cancelled on client'), { code: 1 }));
        },
      });
    }),
  );
  return { connection, calls };
}

/** A connection to nowhere whose data client is `dataStub` (a stub-level fake, see `fakeReadRowsStub`). */
export function fakeConnection(dataStub: unknown): BigtableConnection {
  return {
    appProfileId: undefined,
    closeSignal: new AbortController().signal,
    ready: async () => undefined,
    tablePath: (id: string) => `projects/p/instances/i/tables/${id}`,
    dataStub,
  } as unknown as BigtableConnection;
}
