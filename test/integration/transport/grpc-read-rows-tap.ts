import type { BigtableConnection } from '../../../src/transport/bigtable-connection.js';
import { commitsIn } from '../../support/encode-read-rows-response.js';

/** What one ReadRows gRPC call did, observed on the grpc-js call object itself. */
export interface TappedCall {
  /** Rows (commit_row chunks) that grpc-js handed over to the reader so far. */
  rowsPulled: number;
  /** The call's final status code, once known (1 = CANCELLED). */
  status: number | undefined;
  /** Resolves with the final status code. */
  readonly done: Promise<number>;
}

interface GrpcCall {
  on(event: 'data', listener: (bytes: Uint8Array) => void): unknown;
  on(event: 'status', listener: (status: { code: number }) => void): unknown;
}

type StreamRequest = (path: string, ...rest: unknown[]) => GrpcCall;

/**
 * Wraps the data client's gRPC stub so that each ReadRows call is observed at the grpc-js level: a 'data'
 * listener there only watches (the reader iterates the call, so flow control is unchanged) and 'status' tells how
 * the call really ended. Returns the calls seen and an `untap` function.
 */
export async function tapReadRows(
  connection: BigtableConnection,
): Promise<{ calls: TappedCall[]; untap: () => void }> {
  await connection.ready('data');
  const stub = connection.dataStub as unknown as { makeServerStreamRequest: StreamRequest };
  const original = stub.makeServerStreamRequest;
  const calls: TappedCall[] = [];
  stub.makeServerStreamRequest = function (this: unknown, path: string, ...rest: unknown[]): GrpcCall {
    const call = original.call(this, path, ...rest);
    if (!path.endsWith('/ReadRows')) return call;
    let resolveDone: (code: number) => void = () => undefined;
    const tapped: TappedCall = {
      rowsPulled: 0,
      status: undefined,
      done: new Promise<number>((resolve) => (resolveDone = resolve)),
    };
    calls.push(tapped);
    call.on('data', (bytes) => {
      tapped.rowsPulled += commitsIn(bytes);
    });
    call.on('status', (status) => {
      tapped.status = status.code;
      resolveDone(status.code);
    });
    return call;
  };
  return { calls, untap: () => void delete (stub as Partial<typeof stub>).makeServerStreamRequest };
}
