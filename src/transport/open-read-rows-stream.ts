import type { grpc } from 'google-gax';
import { dataCallMetadata } from './data-call-metadata.js';
import type { protos } from '@google-cloud/bigtable';
import type { CancellableStream } from './abandon-stream.js';

type ProtoReadRowsRequest = protos.google.bigtable.v2.IReadRowsRequest;

/**
 * A server-streaming call on the stub as it streams: each response (as the method's deserializer gives it), the
 * means to stop it, and its headers and status.
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export type ServerStream<Res> = AsyncIterable<Res> &
  CancellableStream & {
    /** Response headers (routing cookies may come in them). */
    on(event: 'metadata', listener: (headers: unknown) => void): unknown;
    /** The call's status with its trailers (also after a success). */
    on(event: 'status', listener: (status: { readonly metadata?: unknown } | undefined) => void): unknown;
  };

/**
 * A ReadRows call as it streams: the bytes of each response message.
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export type ReadRowsByteStream = ServerStream<Buffer>;

/**
 * The generated gRPC stub of the data client, as far as a ReadRows of undecoded responses (and any other
 * server-streaming call sent on it) needs it.
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export interface ReadRowsStub {
  readonly readRows: { readonly path: string; requestSerialize(request: ProtoReadRowsRequest): Buffer };
  makeServerStreamRequest<Req, Res>(
    path: string,
    serialize: (request: Req) => Buffer,
    deserialize: (bytes: Buffer) => Res,
    argument: Req,
    metadata: grpc.Metadata,
    options: grpc.CallOptions,
  ): ServerStream<Res>;
}

/** Responses stay bytes: {@link ReadRowsResponseDecoder} decodes them. */
function undecoded(bytes: Buffer): Buffer {
  return bytes;
}

/**
 * Starts a ReadRows on the data client's own gRPC stub (its channel and credentials) and streams each response as
 * the bytes of its message, for {@link ReadRowsResponseDecoder}: no generated message objects, no `Long`s, and none
 * of gax's stream wrappers (`readRows` does its own retries, deadlines and cancellation). The request is
 * serialized by the generated serializer and carries the headers the generated client sends (routing, client).
 *
 * @example
 * ```ts
 * const stream = openReadRowsStream(stub, { tableName: conn.tablePath('t') }, { timeoutMs: 5_000 });
 * for await (const bytes of stream) merger.pushResponse(decoder.decode(bytes));
 * ```
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export function openReadRowsStream(
  stub: ReadRowsStub,
  request: ProtoReadRowsRequest,
  options: { readonly timeoutMs?: number | undefined; readonly headers?: Readonly<Record<string, string>> },
): ReadRowsByteStream {
  const metadata = dataCallMetadata(request, options.headers);
  const method = stub.readRows;
  return stub.makeServerStreamRequest(
    method.path,
    method.requestSerialize,
    undecoded,
    request,
    metadata,
    options.timeoutMs === undefined
      ? {}
      : { deadline: Date.now() + Math.max(1, Math.ceil(options.timeoutMs)) },
  );
}
