import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
/**
 * Where to connect. Either a real instance (credentials from the environment, as Google's clients do) or an
 * emulator (`emulatorHost`, or `BIGTABLE_EMULATOR_HOST` when set).
 *
 * @example
 * ```ts
 * const prod: ConnectionOptions = { projectId: 'my-project', instanceId: 'my-instance', appProfileId: 'batch' };
 * const local: ConnectionOptions = { projectId: 'test', instanceId: 'test', emulatorHost: 'localhost:8086' };
 * ```
 */
export interface ConnectionOptions {
  readonly projectId: string;
  readonly instanceId: string;
  /** App profile for data requests (routing and isolation on a real instance). */
  readonly appProfileId?: string;
  /**
   * `host:port` of a Bigtable emulator. Defaults to `BIGTABLE_EMULATOR_HOST`. Set to `null` to force a real
   * instance even when that variable is set.
   */
  readonly emulatorHost?: string | null;
  /** Custom data endpoint (e.g. a regional or private endpoint), ignored with an emulator. */
  readonly apiEndpoint?: string;
  /** Custom admin endpoint, ignored with an emulator. */
  readonly adminApiEndpoint?: string;
}

/** The endpoint decision derived from {@link ConnectionOptions} and the environment. */
export interface ResolvedEndpoint {
  readonly kind: 'emulator' | 'cloud';
  readonly host?: string;
  readonly port?: number;
}

/**
 * Decides between emulator and cloud. Pure, so that the decision is testable without a network.
 *
 * @example
 * ```ts
 * resolveEndpoint({ projectId: 'p', instanceId: 'i', emulatorHost: '127.0.0.1:9000' }, {});
 * // { kind: 'emulator', host: '127.0.0.1', port: 9000 }
 * ```
 */
export function resolveEndpoint(
  options: ConnectionOptions,
  env: Readonly<Record<string, string | undefined>>,
): ResolvedEndpoint {
  const hostPort =
    options.emulatorHost === null ? undefined : (options.emulatorHost ?? env.BIGTABLE_EMULATOR_HOST);
  if (hostPort === undefined || hostPort === '') return { kind: 'cloud' };
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(hostPort.trim());
  if (!match || Number(match[2]) > 65535) {
    throw new InvalidArgumentError({
      api: 'ConnectionOptions',
      argument: options.emulatorHost === undefined ? 'BIGTABLE_EMULATOR_HOST' : 'emulatorHost',
      value: hostPort,
      expected: '"host:port" with a port ≤ 65535',
    });
  }
  return { kind: 'emulator', host: match[1]!, port: Number(match[2]) };
}
