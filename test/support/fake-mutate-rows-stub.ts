/** A MutateRows request as the fake stub hands it over: the request object the library built. */
export interface FakeMutateRowsRequest {
  readonly appProfileId?: string;
  readonly entries: readonly { readonly rowKey: Uint8Array; readonly mutations: readonly unknown[] }[];
}

/**
 * A fake data-client gRPC stub for unit tests of `mutateRows`, which sends MutateRows on the stub: `answer` gets each
 * request object and its gRPC call options (the deadline) and returns the response stream.
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
      _serialize: unknown,
      _deserialize: unknown,
      request: FakeMutateRowsRequest,
      _metadata: unknown,
      callOptions: Record<string, unknown>,
    ) => answer(request, callOptions),
  };
}
