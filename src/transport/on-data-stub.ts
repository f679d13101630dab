import { InternalError } from '../errors/internal-error.js';
import type { BigtableConnection } from './bigtable-connection.js';
import type { DataStub } from './data-stub.js';
import type { RoutedRequest } from './data-call-metadata.js';
import type { GaxCallOptions } from './gax-call-options.js';
import type { StubMethod } from './unary-on-stub.js';
import { unaryOnStub } from './unary-on-stub.js';

/**
 * The data client's gRPC stub for a call `api` that has awaited `ready('data')`: its absence then is a bug of ours,
 * an InternalError.
 *
 * @example
 * ```ts
 * await conn.ready('data');
 * const stub = readyDataStub(conn, 'mutateRows');
 * ```
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export function readyDataStub(connection: BigtableConnection, api: string): DataStub {
  const stub = connection.dataStub;
  if (stub === undefined) throw new InternalError(api, 'the data client is ready but has no stub');
  return stub;
}

/** The unary data RPCs sent on the stub. */
export type StubUnaryRpc = 'mutateRow' | 'checkAndMutateRow' | 'readModifyWriteRow';

type RequestOf<K extends StubUnaryRpc> = Parameters<DataStub[K]['requestSerialize']>[0];
type ResponseOf<K extends StubUnaryRpc> = ReturnType<DataStub[K]['responseDeserialize']>;

/**
 * The attempt function `callUnary` runs for a unary data RPC sent on the connection's stub (see
 * {@link unaryOnStub}); `callUnary` has made the stub ready before it calls it. With `serialize`, the request is the
 * library's own form and `serialize` writes its bytes (MutateRow: the mutations encoded once); else the method's
 * generated serializer writes the generated request object.
 *
 * @example
 * ```ts
 * await callUnary(conn, 'MutateRow', onDataStub(conn, 'mutateRow', request), { safety: 'write' });
 * ```
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export function onDataStub<K extends StubUnaryRpc>(
  connection: BigtableConnection,
  rpc: K,
  request: RequestOf<K>,
): (options: GaxCallOptions) => Promise<ResponseOf<K>>;
export function onDataStub<K extends StubUnaryRpc, Req extends RoutedRequest>(
  connection: BigtableConnection,
  rpc: K,
  request: Req,
  serialize: (request: Req) => Buffer,
): (options: GaxCallOptions) => Promise<ResponseOf<K>>;
export function onDataStub<K extends StubUnaryRpc, Req extends RoutedRequest>(
  connection: BigtableConnection,
  rpc: K,
  request: Req,
  serialize?: (request: Req) => Buffer,
): (options: GaxCallOptions) => Promise<ResponseOf<K>> {
  return (options) => {
    const stub = readyDataStub(connection, rpc);
    const generated = stub[rpc] as unknown as StubMethod<Req, ResponseOf<K>>;
    const method =
      serialize === undefined
        ? generated
        : {
            path: generated.path,
            requestSerialize: serialize,
            responseDeserialize: generated.responseDeserialize,
          };
    return unaryOnStub(stub, method, request, options);
  };
}
