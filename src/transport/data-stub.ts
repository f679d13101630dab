import type { protos } from '@google-cloud/bigtable';
import type { ReadRowsStub } from './open-read-rows-stream.js';
import type { UnaryStub, StubMethod } from './unary-on-stub.js';

/**
 * The data client's gRPC stub (the generated service client gax made, with its channel and credentials), as far as
 * the calls sent on it directly need it: ReadRows streaming undecoded responses, MutateRows, SampleRowKeys and the
 * unary writes.
 *
 * @internal gRPC types stay out of the published `.d.ts`.
 */
export interface DataStub extends ReadRowsStub, UnaryStub {
  readonly mutateRow: StubMethod<
    protos.google.bigtable.v2.IMutateRowRequest,
    protos.google.bigtable.v2.IMutateRowResponse
  >;
  readonly checkAndMutateRow: StubMethod<
    protos.google.bigtable.v2.ICheckAndMutateRowRequest,
    protos.google.bigtable.v2.ICheckAndMutateRowResponse
  >;
  readonly mutateRows: StubMethod<
    protos.google.bigtable.v2.IMutateRowsRequest,
    protos.google.bigtable.v2.IMutateRowsResponse
  >;
  readonly sampleRowKeys: StubMethod<
    protos.google.bigtable.v2.ISampleRowKeysRequest,
    protos.google.bigtable.v2.ISampleRowKeysResponse
  >;
  readonly readModifyWriteRow: StubMethod<
    protos.google.bigtable.v2.IReadModifyWriteRowRequest,
    protos.google.bigtable.v2.IReadModifyWriteRowResponse
  >;
}
