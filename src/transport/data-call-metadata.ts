import { grpc } from 'google-gax';

/** The request fields Google's front end routes a data call by. */
export interface RoutedRequest {
  readonly tableName?: string | null;
  readonly appProfileId?: string | null;
}

const API_CLIENT = `gl-node/${process.versions.node} bigtable-mapper`;

/**
 * The routing header Google's front end routes a data call by, encoded as the generated client encodes it
 * (`table_name=…&app_profile_id=…`, each value URI-escaped); the app profile is named even when it is the
 * default (empty), as Google's Java and Go clients send it.
 */
function routingParams(request: RoutedRequest): string {
  return `table_name=${encodeURIComponent(request.tableName ?? '')}&app_profile_id=${encodeURIComponent(request.appProfileId ?? '')}`;
}

/**
 * The metadata of a data call sent on the gRPC stub itself: the routing and client headers the generated client
 * sends, and the call's own `headers` (`dataCallHeaders`: feature flags, routing cookies).
 *
 * @example
 * ```ts
 * const metadata = dataCallMetadata({ tableName: conn.tablePath('t') }, dataCallHeaders());
 * ```
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export function dataCallMetadata(
  request: RoutedRequest,
  headers: Readonly<Record<string, string>> | undefined,
): grpc.Metadata {
  const metadata = new grpc.Metadata();
  metadata.set('x-goog-request-params', routingParams(request));
  metadata.set('x-goog-api-client', API_CLIENT);
  if (headers) for (const name in headers) metadata.set(name, headers[name]!);
  return metadata;
}
