import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';
import { BigtableConnection } from '../../src/transport/bigtable-connection.js';
import type { ConnectionOptions } from '../../src/transport/connection-options.js';

/**
 * An in-process Bigtable data service for tests of what the library sends and how it reacts to what production
 * answers (scripted responses, errors with status details, headers and trailers). It plays scripts; it does not
 * emulate Bigtable (tests of behaviour run against the emulator). Every call is recorded with its decoded request
 * and its metadata.
 */

/** A generated protobufjs message type, as far as the server uses it. */
interface MessageType {
  fromObject(o: unknown): unknown;
  encode(m: unknown): { finish(): Uint8Array };
  decode(b: Uint8Array): unknown;
  toObject(m: unknown, o: Record<string, unknown>): Record<string, unknown>;
}

const require = createRequire(import.meta.url);
const { protos } = require('@google-cloud/bigtable-api') as {
  protos: {
    google: {
      bigtable: { v2: Record<string, MessageType> };
      rpc: Record<string, MessageType>;
    };
  };
};
/** The generated Bigtable v2 message types (the oracle of the wire format). */
export const v2Types = protos.google.bigtable.v2;
/** The generated `google.rpc` message types (Status, RetryInfo, …). */
export const rpcTypes = protos.google.rpc;

/** The data RPCs the server answers. */
export type MockMethod =
  'ReadRows' | 'SampleRowKeys' | 'MutateRow' | 'MutateRows' | 'CheckAndMutateRow' | 'ReadModifyWriteRow';

const METHODS: Record<MockMethod, { kind: 'unary' | 'serverStream'; request: string; response: string }> = {
  ReadRows: { kind: 'serverStream', request: 'ReadRowsRequest', response: 'ReadRowsResponse' },
  SampleRowKeys: { kind: 'serverStream', request: 'SampleRowKeysRequest', response: 'SampleRowKeysResponse' },
  MutateRows: { kind: 'serverStream', request: 'MutateRowsRequest', response: 'MutateRowsResponse' },
  MutateRow: { kind: 'unary', request: 'MutateRowRequest', response: 'MutateRowResponse' },
  CheckAndMutateRow: {
    kind: 'unary',
    request: 'CheckAndMutateRowRequest',
    response: 'CheckAndMutateRowResponse',
  },
  ReadModifyWriteRow: {
    kind: 'unary',
    request: 'ReadModifyWriteRowRequest',
    response: 'ReadModifyWriteRowResponse',
  },
};

/** A status the server ends a call with. */
export interface MockStatus {
  readonly code: number;
  readonly message?: string;
  /** Adds a `google.rpc.RetryInfo` with this delay to the status details (`grpc-status-details-bin`). */
  readonly retryDelayMs?: number;
  /** More trailers (e.g. `x-goog-cbt-cookie-routing`; `-bin` ones as Buffers). */
  readonly trailers?: Readonly<Record<string, string | Buffer>>;
}

/** One step of a scripted answer, played in order. */
export type MockStep =
  /** A response message in the generated object shape (`fromObject`). */
  | { readonly response: Record<string, unknown> }
  /** Response headers (initial metadata; `-bin` ones as Buffers). */
  | { readonly headers: Readonly<Record<string, string | Buffer>> }
  /** Waits before the next step. */
  | { readonly delayMs: number }
  /** Ends the call with this status (a unary call's error). */
  | { readonly error: MockStatus }
  /** Never answers again: the call ends only by its deadline or a cancel. */
  | { readonly hang: true }
  /** Ends a successful call with these trailers (default: none). */
  | { readonly trailers: Readonly<Record<string, string>> };

/** A request as deserialized: its bytes and its decoded message. */
interface Incoming {
  readonly bytes: Buffer;
  readonly request: Record<string, unknown>;
}

/** A call as the server received it. */
export interface RecordedCall {
  readonly method: MockMethod;
  /** The decoded request (`toObject`: 64-bit integers as strings, enums as names, bytes as Buffers). */
  readonly request: Record<string, unknown>;
  /** The request's bytes as they arrived. */
  readonly bytes: Buffer;
  /** Request metadata: header name → value (binary headers as Buffers). */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** `Date.now()` when the call arrived. */
  readonly at: number;
  /** 0-based index of this call among the calls of its method since the last {@link MockBigtableServer.reset}. */
  readonly nth: number;
}

/** What a method answers: per call (`steps[nth]`, the last one repeating), or computed from the call. */
export type MockScript = readonly (readonly MockStep[])[] | ((call: RecordedCall) => readonly MockStep[]);

/** The bytes of a `google.rpc.Status` carrying a `google.rpc.RetryInfo` (for `grpc-status-details-bin`). */
export function statusDetailsBin(code: number, message: string, retryDelayMs: number): Buffer {
  const retryInfo = rpcTypes
    .RetryInfo!.encode(
      rpcTypes.RetryInfo!.fromObject({
        retryDelay: { seconds: Math.floor(retryDelayMs / 1000), nanos: (retryDelayMs % 1000) * 1_000_000 },
      }),
    )
    .finish();
  const status = rpcTypes.Status!.fromObject({
    code,
    message,
    details: [{ type_url: 'type.googleapis.com/google.rpc.RetryInfo', value: retryInfo }],
  });
  return Buffer.from(rpcTypes.Status!.encode(status).finish());
}

/** A ReadRowsResponse (generated object shape) with one committed row: one cell f:col = `value`. */
export function committedRowResponse(key: string, value = 'v'): Record<string, unknown> {
  return {
    chunks: [
      {
        rowKey: Buffer.from(key),
        familyName: { value: 'f' },
        qualifier: { value: Buffer.from('col') },
        timestampMicros: '0',
        value: Buffer.from(value),
        commitRow: true,
      },
    ],
  };
}

function toMetadata(entries: Readonly<Record<string, string | Buffer>> | undefined): grpc.Metadata {
  const metadata = new grpc.Metadata();
  for (const [name, value] of Object.entries(entries ?? {})) metadata.set(name, value);
  return metadata;
}

function statusOf(status: MockStatus): Partial<grpc.StatusObject> {
  const metadata = toMetadata(status.trailers);
  if (status.retryDelayMs !== undefined) {
    metadata.set(
      'grpc-status-details-bin',
      statusDetailsBin(status.code, status.message ?? '', status.retryDelayMs),
    );
  }
  return { code: status.code, details: status.message ?? `mock status ${status.code}`, metadata };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The mock server. `start()` binds a free loopback port; `connect()` opens a library connection to it.
 *
 * @example
 * ```ts
 * const server = await MockBigtableServer.start();
 * server.script('MutateRow', [[{ error: { code: 14 } }], [{ response: {} }]]);
 * ```
 */
export class MockBigtableServer {
  /** Every call received, in arrival order. */
  readonly calls: RecordedCall[] = [];
  private readonly scripts = new Map<MockMethod, MockScript>();
  private readonly counts = new Map<MockMethod, number>();

  /** The loopback port the server listens on. */
  port = 0;

  private constructor(private readonly server: grpc.Server) {}

  /** `options`: grpc-js server options (e.g. `grpc.max_connection_age_ms` to reset streams). */
  static async start(options?: grpc.ServerOptions): Promise<MockBigtableServer> {
    const server = new grpc.Server(options);
    const self = new MockBigtableServer(server);
    for (const [method, spec] of Object.entries(METHODS) as [MockMethod, (typeof METHODS)[MockMethod]][]) {
      const requestType = v2Types[spec.request]!;
      const responseType = v2Types[spec.response]!;
      const deserialize = (bytes: Buffer): Incoming => ({
        bytes,
        request: requestType.toObject(requestType.decode(bytes), { longs: String, enums: String }),
      });
      const serialize = (object: Record<string, unknown>): Buffer =>
        Buffer.from(responseType.encode(responseType.fromObject(object)).finish());
      const path = `/google.bigtable.v2.Bigtable/${method}`;
      if (spec.kind === 'unary') {
        server.register(
          path,
          (
            call: grpc.ServerUnaryCall<Incoming, Record<string, unknown>>,
            callback: grpc.sendUnaryData<Record<string, unknown>>,
          ) => void self.playUnary(method, call, callback),
          serialize,
          deserialize,
          'unary',
        );
      } else {
        server.register(
          path,
          (call: grpc.ServerWritableStream<Incoming, Record<string, unknown>>) =>
            void self.playStream(method, call),
          serialize,
          deserialize,
          'serverStream',
        );
      }
    }
    self.port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    return self;
  }

  /** Sets what `method` answers from now on (default: an empty OK answer). */
  script(method: MockMethod, script: MockScript): this {
    this.scripts.set(method, script);
    return this;
  }

  /** Forgets the calls and scripts recorded so far. */
  reset(): void {
    this.calls.length = 0;
    this.scripts.clear();
    this.counts.clear();
  }

  /** The calls of one method, in order. */
  callsOf(method: MockMethod): RecordedCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** A library connection to this server (project `p`, instance `i`). */
  connect(options: Partial<ConnectionOptions> = {}): BigtableConnection {
    return BigtableConnection.connect({
      projectId: 'p',
      instanceId: 'i',
      ...options,
      emulatorHost: `127.0.0.1:${this.port}`,
    });
  }

  stop(): void {
    this.server.forceShutdown();
  }

  private record(method: MockMethod, incoming: Incoming, metadata: grpc.Metadata): RecordedCall {
    const nth = this.counts.get(method) ?? 0;
    this.counts.set(method, nth + 1);
    const call: RecordedCall = { method, ...incoming, metadata: metadata.getMap(), at: Date.now(), nth };
    this.calls.push(call);
    return call;
  }

  private stepsFor(call: RecordedCall): readonly MockStep[] {
    const script = this.scripts.get(call.method);
    if (script === undefined) return [];
    if (typeof script === 'function') return script(call);
    return script[Math.min(call.nth, script.length - 1)] ?? [];
  }

  private async playUnary(
    method: MockMethod,
    call: grpc.ServerUnaryCall<Incoming, Record<string, unknown>>,
    callback: grpc.sendUnaryData<Record<string, unknown>>,
  ): Promise<void> {
    const recorded = this.record(method, call.request, call.metadata);
    let trailers: grpc.Metadata | undefined;
    for (const step of this.stepsFor(recorded)) {
      if ('delayMs' in step) await sleep(step.delayMs);
      else if ('headers' in step) call.sendMetadata(toMetadata(step.headers));
      else if ('trailers' in step) trailers = toMetadata(step.trailers);
      else if ('hang' in step) return;
      else if ('error' in step) return callback(statusOf(step.error));
      else return callback(null, step.response, trailers);
    }
    callback(null, {}, trailers);
  }

  private async playStream(
    method: MockMethod,
    call: grpc.ServerWritableStream<Incoming, Record<string, unknown>>,
  ): Promise<void> {
    const recorded = this.record(method, call.request, call.metadata);
    let cancelled = false;
    call.on('cancelled', () => (cancelled = true));
    let trailers: grpc.Metadata | undefined;
    for (const step of this.stepsFor(recorded)) {
      if (cancelled) return;
      if ('delayMs' in step) await sleep(step.delayMs);
      else if ('headers' in step) call.sendMetadata(toMetadata(step.headers));
      else if ('trailers' in step) trailers = toMetadata(step.trailers);
      else if ('hang' in step) return;
      else if ('error' in step) {
        call.emit('error', statusOf(step.error));
        return;
      } else call.write(step.response);
    }
    if (!cancelled) call.end(trailers);
  }
}
