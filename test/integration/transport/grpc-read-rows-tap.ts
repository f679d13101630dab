import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';

/** What one ReadRows gRPC call did, observed below gax (on the grpc-js call object itself). */
export interface TappedCall {
  /** Rows (commit_row chunks) that grpc-js handed over to gax's pipeline so far. */
  rowsPulled: number;
  /** The call's final status code, once known (1 = CANCELLED). */
  status: number | undefined;
  /** Resolves with the final status code. */
  readonly done: Promise<number>;
}

interface GrpcCall {
  on(event: 'data', listener: (response: { chunks?: { commitRow?: boolean }[] }) => void): unknown;
  on(event: 'status', listener: (status: { code: number }) => void): unknown;
}

/**
 * Wraps the generated client's gRPC stub so that each ReadRows call is observed at the grpc-js level: a 'data'
 * listener there only watches (gax already pipes the call, so flow control is unchanged) and 'status' tells how
 * the call really ended. Returns the calls seen and an `untap` function.
 */
export async function tapReadRows(
  connection: BigtableConnection,
): Promise<{ calls: TappedCall[]; untap: () => void }> {
  const stub = (await connection.data.initialize()) as unknown as Record<
    string,
    (...args: unknown[]) => GrpcCall
  >;
  const original = stub.readRows!;
  const calls: TappedCall[] = [];
  stub.readRows = function (this: unknown, ...args: unknown[]): GrpcCall {
    const call = original.apply(this, args);
    let resolveDone: (code: number) => void = () => undefined;
    const tapped: TappedCall = {
      rowsPulled: 0,
      status: undefined,
      done: new Promise<number>((resolve) => (resolveDone = resolve)),
    };
    calls.push(tapped);
    call.on('data', (response) => {
      tapped.rowsPulled += (response.chunks ?? []).filter((c) => c.commitRow).length;
    });
    call.on('status', (status) => {
      tapped.status = status.code;
      resolveDone(status.code);
    });
    return call;
  };
  return { calls, untap: () => void (stub.readRows = original) };
}
