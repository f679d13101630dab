import { createRequire } from 'node:module';

/** A MutateRows request as the fake stub hands it over: what the library's serializer put on the wire, decoded. */
export interface FakeMutateRowsRequest {
  readonly tableName?: string;
  readonly appProfileId?: string;
  readonly entries: readonly { readonly rowKey: Uint8Array; readonly mutations: readonly unknown[] }[];
}

interface GeneratedMutateRowsRequest {
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): FakeMutateRowsRequest;
}

const require = createRequire(import.meta.url);
const { protos } = require('@google-cloud/bigtable-api') as {
  protos: { google: { bigtable: { v2: { MutateRowsRequest: GeneratedMutateRowsRequest } } } };
};
const { MutateRowsRequest } = protos.google.bigtable.v2;

/**
 * A fake data-client gRPC stub for unit tests of `mutateRows`, which sends MutateRows on the stub: `answer` gets each
 * request as the generated type decodes the bytes the library's serializer wrote (so a test sees what a server
 * would), with its gRPC call options (the deadline), and returns the response stream.
 *
 * @example
 * ```ts
 * const connection = { …, dataStub: fakeMutateRowsStub((request) => Readable.from([{ entries: [] }])) };
 * ```
 */
export function fakeMutateRowsStub(
  answer: (request: FakeMutateRowsRequest, callOptions: Record<string, unknown>) => unknown,
): object {
  const passThrough = (value: unknown): unknown => value;
  return {
    mutateRows: { path: '/MutateRows', requestSerialize: passThrough, responseDeserialize: passThrough },
    makeServerStreamRequest: (
      _path: string,
      serialize: (request: unknown) => Uint8Array,
      _deserialize: unknown,
      request: unknown,
      _metadata: unknown,
      callOptions: Record<string, unknown>,
    ) => {
      const wire = MutateRowsRequest.toObject(MutateRowsRequest.decode(serialize(request)), {
        longs: String,
        arrays: true,
      });
      return answer(wire, callOptions);
    },
  };
}
