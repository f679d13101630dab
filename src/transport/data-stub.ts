import type { protos } from '@google-cloud/bigtable';
import type { ReadRowsStub } from './open-read-rows-stream.js';
import type { UnaryStub, UnaryStubMethod } from './unary-on-stub.js';

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
