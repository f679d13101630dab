/**
 * Call options handed to a generated-client method (the admin RPCs) or, converted, to a call on the data client's
 * stub (`stubCallOptions`): gax retries off (the SDK runs its own), our deadline on. A fresh object each time because
 * gax mutates the options it is given. No data RPC goes through gax's stream layers any more (its legacy stream path
 * re-sent a failed stream's original request), so no stream retry options are needed.
 */
export interface GaxCallOptions {
  retry: null;
  timeout?: number;
  /** Request headers of a data call (`dataCallHeaders`); gRPC call options (a measured attempt's interceptor). */
  otherArgs?: { headers: Record<string, string>; options?: { interceptors: unknown[] } };
}
