import { setMaxListeners } from 'node:events';
import { checkObject, checkString } from '../errors/check-argument.js';
import { v2 } from '@google-cloud/bigtable';
import { grpc } from 'google-gax';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { ConnectionOptions, ResolvedEndpoint } from './connection-options.js';
import type { DataStub } from './data-stub.js';
import { resolveEndpoint } from './connection-options.js';

/**
 * The generated v2 data client (the SDK never uses the lossy high-level `Table`/`Row` API).
 *
 * @internal Not part of the published types: they must not depend on `@google-cloud/bigtable`.
 */
export type DataClient = InstanceType<typeof v2.BigtableClient>;
/**
 * The generated v2 table-admin client.
 *
 * @internal Not part of the published types: they must not depend on `@google-cloud/bigtable`.
 */
export type TableAdminClient = InstanceType<typeof v2.BigtableTableAdminClient>;

/** Client options accepted by the generated clients (typed loosely upstream). */
type GapicOptions = ConstructorParameters<typeof v2.BigtableClient>[0];

function clientOptions(
  endpoint: ResolvedEndpoint,
  options: ConnectionOptions,
  which: 'data' | 'admin',
): GapicOptions {
  if (endpoint.kind === 'emulator') {
    return {
      servicePath: endpoint.host,
      port: endpoint.port,
      projectId: options.projectId,
      sslCreds: grpc.credentials.createInsecure(),
      // An explicit universe domain stops google-auth-library from probing the GCE metadata server, which on a
      // machine without one costs seconds and prints a MetadataLookupWarning.
      universeDomain: 'googleapis.com',
      clientOptions: { universeDomain: 'googleapis.com' },
    } as GapicOptions;
  }
  const apiEndpoint = which === 'data' ? options.apiEndpoint : options.adminApiEndpoint;
  return {
    projectId: options.projectId,
    ...(apiEndpoint === undefined ? {} : { apiEndpoint }),
  } as GapicOptions;
}

/**
 * An open connection to one Bigtable instance: the generated v2 data client and table-admin client, configured
 * for a real instance or the emulator. This class is the only owner of Bigtable client objects in the SDK.
 *
 * @example
 * ```ts
 * const conn = BigtableConnection.connect({ projectId: 'p', instanceId: 'i' }); // BIGTABLE_EMULATOR_HOST honoured
 * const mapper = new Mapper(conn);
 * try { await mapper.repository(Device).get({ id: 'd1' }); } finally { await conn.close(); }
 * ```
 */
export class BigtableConnection {
  readonly projectId: string;
  readonly instanceId: string;
  readonly appProfileId: string | undefined;
  readonly endpoint: ResolvedEndpoint;
  /**
   * Generated data client; transport modules use it, nothing else should.
   *
   * @internal Stripped from the published `.d.ts` (`stripInternal`) so that users' types never depend on the
   * generated clients of `@google-cloud/bigtable`.
   */
  readonly data: DataClient;
  /**
   * Generated table-admin client.
   *
   * @internal Stripped from the published `.d.ts`, as {@link BigtableConnection.data}.
   */
  readonly admin: TableAdminClient;
  private stub: DataStub | undefined;
  private closed = false;
  private readonly closing = new AbortController();
  private readonly initialized = new Map<'data' | 'admin', Promise<void>>();

  private constructor(options: ConnectionOptions, endpoint: ResolvedEndpoint) {
    this.projectId = options.projectId;
    this.instanceId = options.instanceId;
    this.appProfileId = options.appProfileId;
    this.endpoint = endpoint;
    // Every call in flight listens to the close signal: many at once is normal, not a leak.
    setMaxListeners(0, this.closing.signal);
    this.data = new v2.BigtableClient(clientOptions(endpoint, options, 'data'));
    this.admin = new v2.BigtableTableAdminClient(clientOptions(endpoint, options, 'admin'));
  }

  /**
   * Creates the clients. No network traffic happens until the first call.
   *
   * @example
   * ```ts
   * const conn = BigtableConnection.connect({ projectId: 'p', instanceId: 'i', emulatorHost: '127.0.0.1:8086' });
   * ```
   */
  static connect(options: ConnectionOptions): BigtableConnection {
    checkObject({ api: 'BigtableConnection.connect', argument: 'options' }, options, 'ConnectionOptions');
    for (const field of ['projectId', 'instanceId'] as const) {
      if (typeof options[field] !== 'string' || options[field] === '') {
        throw new InvalidArgumentError({
          api: 'BigtableConnection.connect',
          argument: `ConnectionOptions.${field}`,
          value: options[field],
          expected: 'a non-empty string',
        });
      }
    }
    return new BigtableConnection(options, resolveEndpoint(options, process.env));
  }

  /** `projects/{project}/instances/{instance}` */
  get instancePath(): string {
    return `projects/${this.projectId}/instances/${this.instanceId}`;
  }

  /** `projects/{project}/instances/{instance}/tables/{table}` */
  tablePath(tableId: string): string {
    checkString({ api: 'BigtableConnection.tablePath', argument: 'tableId' }, tableId, 'a table id');
    return `${this.instancePath}/tables/${tableId}`;
  }

  /**
   * The data client's gRPC stub, set once `ready('data')` resolved (ReadRows streams undecoded responses on it, and
   * the unary writes are sent on it).
   *
   * @internal Stripped from the published `.d.ts`, as {@link BigtableConnection.data}.
   */
  get dataStub(): DataStub | undefined {
    return this.stub;
  }

  /** True once {@link close} was called. */
  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Aborted by {@link close}: every call in flight listens to it, so that closing ends them with typed errors
   * instead of leaving them to the gRPC channel's teardown.
   */
  get closeSignal(): AbortSignal {
    return this.closing.signal;
  }

  /**
   * Resolves once the client's channel is set up (credentials loaded). Each generated method otherwise starts
   * `initialize()` itself and re-throws its failure from a detached promise — an unhandled rejection for every
   * call made without credentials. Awaiting it here first turns that failure into an ordinary rejection.
   */
  ready(which: 'data' | 'admin'): Promise<void> {
    if (which !== 'data' && which !== 'admin')
      return Promise.reject(
        new InvalidArgumentError({
          api: 'BigtableConnection.ready',
          argument: 'which',
          value: which,
          expected: "'data' or 'admin'",
        }),
      );
    let ready = this.initialized.get(which);
    if (ready === undefined) {
      const client = which === 'data' ? this.data : this.admin;
      ready = client.initialize().then((stub) => {
        if (which === 'data') this.stub = stub as unknown as DataStub;
      });
      // A failure (no credentials yet) is not cached: a later call may find them.
      ready.catch(() => this.initialized.delete(which));
      this.initialized.set(which, ready);
    }
    return ready;
  }

  /**
   * Closes both clients and their gRPC channels so that the process can exit. Idempotent.
   *
   * @example
   * ```ts
   * await conn.close();
   * ```
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closing.abort();
    // A client whose setup failed (no credentials) rejects its close() with that old failure; there is nothing
    // left to release then, so it must not make close() fail.
    await Promise.all([this.data.close(), this.admin.close()].map((p) => p.catch(() => undefined)));
  }
}

/**
 * The connection and table id a public tool function is called with (`describeTable`, `readKeyRange`, …), checked
 * before anything is sent.
 *
 * @example
 * ```ts
 * checkConnectionAndTable('describeTable', connection, 'devices');
 * ```
 */
export function checkConnectionAndTable(api: string, connection: unknown, tableId: unknown): void {
  if (!(connection instanceof BigtableConnection)) {
    throw new InvalidArgumentError({
      api,
      argument: 'connection',
      value: connection,
      expected: 'a BigtableConnection',
    });
  }
  checkString({ api, argument: 'tableId' }, tableId, 'a table id');
}
