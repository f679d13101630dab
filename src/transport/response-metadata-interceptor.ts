import { grpc } from 'google-gax';

/**
 * A gRPC client interceptor that hands `read` the response headers and the trailers of one call, success or
 * failure: the generated client's unary promise hands over only the response, and a failed call's error only its
 * trailers, so the built-in metrics of a successful MutateRow (its `server-timing`, its ResponseParams) would
 * otherwise never be seen. Installed only on attempts whose metrics are recorded: an interceptor costs a few
 * objects per call.
 *
 * @example
 * ```ts
 * const options = { interceptors: [responseMetadataInterceptor((metadata) => attempt.headers?.(metadata))] };
 * ```
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export function responseMetadataInterceptor(read: (metadata: grpc.Metadata) => void): grpc.Interceptor {
  return (options, nextCall) =>
    new grpc.InterceptingCall(nextCall(options), {
      start: (metadata, listener, next) =>
        next(metadata, {
          onReceiveMetadata: (headers: grpc.Metadata, pass: (headers: grpc.Metadata) => void) => {
            read(headers);
            pass(headers);
          },
          onReceiveStatus: (status: grpc.StatusObject, pass: (status: grpc.StatusObject) => void) => {
            read(status.metadata);
            pass(status);
          },
        }),
    });
}
