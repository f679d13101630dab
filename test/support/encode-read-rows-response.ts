import { createRequire } from 'node:module';
import type { ReadRowsResponseLike } from '../../src/transport/chunk-merger.js';

/** The generated `ReadRowsResponse` message type, as far as tests use it. */
export interface GeneratedReadRowsResponse {
  fromObject(o: unknown): unknown;
  encode(m: unknown): { finish(): Uint8Array };
  decode(b: Uint8Array): { chunks?: { commitRow?: boolean }[] };
  toObject(m: unknown, o: Record<string, unknown>): ReadRowsResponseLike;
}

const require = createRequire(import.meta.url);
const { protos } = require('@google-cloud/bigtable-api') as {
  protos: { google: { bigtable: { v2: { ReadRowsResponse: GeneratedReadRowsResponse } } } };
};

/**
 * The generated client's own `ReadRowsResponse` type: the oracle the library's decoder and merger are held to.
 * (Loaded by `require`, since tests may not import the Bigtable client libraries by name.)
 */
export const ReadRowsResponse: GeneratedReadRowsResponse = protos.google.bigtable.v2.ReadRowsResponse;

/**
 * A ReadRowsResponse given in the generated client's object shape, as the bytes a server sends: fakes of the
 * ReadRows stream hand these to `readRows`, which decodes responses itself.
 */
export function encodeReadRowsResponse(response: unknown): Buffer {
  return Buffer.from(ReadRowsResponse.encode(ReadRowsResponse.fromObject(response)).finish());
}

/**
 * A data-client stub for fakes of `BigtableConnection`: ReadRows goes to `open`, with the request object, the
 * headers sent and the deadline (undefined without one).
 */
export function fakeReadRowsStub(
  open: (request: never, call: { headers: Record<string, unknown>; deadline: number | undefined }) => unknown,
): unknown {
  return {
    readRows: { path: '/google.bigtable.v2.Bigtable/ReadRows', requestSerialize: () => Buffer.alloc(0) },
    makeServerStreamRequest: (
      _path: string,
      _serialize: unknown,
      _deserialize: unknown,
      request: never,
      metadata: { getMap(): Record<string, unknown> },
      options: { deadline?: number },
    ) => open(request, { headers: metadata.getMap(), deadline: options.deadline }),
  };
}

/** How many rows (commit_row chunks) the bytes of a ReadRowsResponse complete, read by the generated decoder. */
export function commitsIn(bytes: Uint8Array): number {
  const { chunks } = ReadRowsResponse.decode(bytes);
  return (chunks ?? []).filter((c) => c.commitRow).length;
}
