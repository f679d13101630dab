import type { protos } from '@google-cloud/bigtable';
import { InternalError } from '../errors/internal-error.js';
import type { BigtableConnection } from './bigtable-connection.js';
import type { GaxCallOptions } from './call-unary.js';
import type { ReadRowsStub } from './open-read-rows-stream.js';
import type { UnaryStub, UnaryStubMethod } from './unary-on-stub.js';
import { unaryOnStub } from './unary-on-stub.js';

/**
 * The data client's gRPC stub (the generated service client gax made, with its channel and credentials), as far as
 * the calls sent on it directly need it: ReadRows streaming undecoded responses, and the unary writes.
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export interface DataStub extends ReadRowsStub, UnaryStub {
  readonly mutateRow: UnaryStubMethod<
    protos.google.bigtable.v2.IMutateRowRequest,
    protos.google.bigtable.v2.IMutateRowResponse
  >;
  readonly checkAndMutateRow: UnaryStubMethod<
    protos.google.bigtable.v2.ICheckAndMutateRowRequest,
    protos.google.bigtable.v2.ICheckAndMutateRowResponse
  >;
  readonly readModifyWriteRow: UnaryStubMethod<
    protos.google.bigtable.v2.IReadModifyWriteRowRequest,
    protos.google.bigtable.v2.IReadModifyWriteRowResponse
  >;
}

/** The unary data RPCs sent on the stub. */
export type StubUnaryRpc = 'mutateRow' | 'checkAndMutateRow' | 'readModifyWriteRow';

type RequestOf<K extends StubUnaryRpc> = Parameters<DataStub[K]['requestSerialize']>[0];
type ResponseOf<K extends StubUnaryRpc> = ReturnType<DataStub[K]['responseDeserialize']>;

/**
 * The attempt function `callUnary` runs for a unary data RPC sent on the connection's stub (see
 * {@link unaryOnStub}); `callUnary` has made the stub ready before it calls it.
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
): (options: GaxCallOptions) => Promise<ResponseOf<K>> {
  return (options) => {
    const stub = connection.dataStub;
    if (stub === undefined) throw new InternalError(rpc, 'the data client is ready but has no stub');
    const method = stub[rpc] as unknown as UnaryStubMethod<RequestOf<K>, ResponseOf<K>>;
    return unaryOnStub(stub, method, request, options);
  };
}
