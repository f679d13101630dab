import type { grpc } from 'google-gax';
import type { GaxCallOptions } from './gax-call-options.js';
import { dataCallMetadata } from './data-call-metadata.js';
import type { RoutedRequest } from './data-call-metadata.js';

/** A method of the generated service's gRPC client: its path and its (de)serializers. */
export interface StubMethod<Req, Res> {
  readonly path: string;
  requestSerialize(request: Req): Buffer;
  responseDeserialize(bytes: Buffer): Res;
}

/**
 * The data client's gRPC stub, as far as a unary call needs it.
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export interface UnaryStub {
  makeUnaryRequest<Req, Res>(
    path: string,
    serialize: (request: Req) => Buffer,
    deserialize: (bytes: Buffer) => Res,
    argument: Req,
    metadata: grpc.Metadata,
    options: grpc.CallOptions,
    callback: (error: grpc.ServiceError | null, response?: Res) => void,
  ): unknown;
}

/**
 * The gRPC call options of an attempt `callUnary` hands its options to: the attempt's deadline and, for a measured
 * attempt, its response-metadata interceptor.
 *
 * @example
 * ```ts
 * const callOptions = stubCallOptions({ retry: null, timeout: 5_000 });
 * ```
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export function stubCallOptions(options: GaxCallOptions): grpc.CallOptions {
  const callOptions: grpc.CallOptions = {};
  if (options.timeout !== undefined) callOptions.deadline = Date.now() + options.timeout;
  const interceptors = options.otherArgs?.options?.interceptors;
  if (interceptors !== undefined) callOptions.interceptors = interceptors as grpc.Interceptor[];
  return callOptions;
}

/**
 * One attempt of a unary data RPC sent on the data client's gRPC stub, as `callUnary` hands it its options: the
 * same request bytes (the method's own serializer), the headers the generated client sends (routing, client) plus
 * the call's own, the attempt's deadline and a measured attempt's interceptor. Skipping the generated method's gax
 * layers (its promise wrappers, option merging and timeout wrapper) costs a MutateRow about a third less client
 * CPU; retries, deadlines and outcome-unknown are `callUnary`'s anyway (gax's are off).
 *
 * @example
 * ```ts
 * await unaryOnStub(stub, stub.mutateRow, request, { retry: null, timeout: 5_000 });
 * ```
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export function unaryOnStub<Req extends RoutedRequest, Res>(
  stub: UnaryStub,
  method: StubMethod<Req, Res>,
  request: Req,
  options: GaxCallOptions,
): Promise<Res> {
  const callOptions = stubCallOptions(options);
  const metadata = dataCallMetadata(request, options.otherArgs?.headers);
  return new Promise((resolve, reject) => {
    stub.makeUnaryRequest(
      method.path,
      method.requestSerialize,
      method.responseDeserialize,
      request,
      metadata,
      callOptions,
      (error, response) => (error ? reject(error) : resolve(response as Res)),
    );
  });
}
