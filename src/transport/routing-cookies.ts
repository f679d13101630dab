/** The prefix of the metadata keys the service sets for a call to echo on its retries. */
const COOKIE_PREFIX = 'x-goog-cbt-cookie';

/** gRPC metadata as far as cookies are read from it (grpc-js `Metadata`). */
interface MetadataLike {
  getMap(): Record<string, unknown>;
}

function isMetadata(value: unknown): value is MetadataLike {
  return typeof value === 'object' && value !== null && typeof (value as MetadataLike).getMap === 'function';
}

/**
 * The routing cookies of one call: the `x-goog-cbt-cookie-*` headers and trailers the service sent on the call's
 * attempts (a later value replacing an earlier one of the same name), which every retry of that call sends back
 * as request headers, as Google's clients do: they let the service route a retry (e.g. to where the first attempt
 * was served). Cookies never outlive their call.
 *
 * @example
 * ```ts
 * const cookies = new RoutingCookies();
 * cookies.collect(error.metadata); // after a failed attempt
 * dataCallHeaders(cookies.values); // the next attempt's headers
 * ```
 */
export class RoutingCookies {
  private jar: Map<string, string> | undefined;

  /** Takes the cookies of a gRPC metadata object (headers or trailers); anything else is ignored. */
  collect(metadata: unknown): void {
    if (!isMetadata(metadata)) return;
    for (const [name, value] of Object.entries(metadata.getMap())) {
      // Binary (`-bin`) values are not cookies; the service sends text ones.
      if (name.startsWith(COOKIE_PREFIX) && typeof value === 'string')
        (this.jar ??= new Map()).set(name, value);
    }
  }

  /** Takes the cookies of a failed attempt's error (its trailers, `error.metadata`). */
  collectFrom(error: unknown): void {
    if (typeof error === 'object' && error !== null && 'metadata' in error) {
      this.collect((error as { metadata: unknown }).metadata);
    }
  }

  /** The cookies to send, undefined while there are none. */
  get values(): ReadonlyMap<string, string> | undefined {
    return this.jar;
  }
}
