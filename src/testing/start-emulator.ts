import {
  checkBoolean,
  checkInteger,
  checkMilliseconds,
  checkObject,
  checkOptions,
} from '../errors/check-argument.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { EmulatorUnavailableError } from '../errors/emulator-unavailable-error.js';
import { startDockerEmulator } from './docker-emulator.js';
import type { EmulatorHandle } from './emulator-handle.js';
import type { EmulatorSearch } from './locate-emulator.js';
import { locateEmulator } from './locate-emulator.js';
import { spawnEmulator } from './spawn-emulator.js';

/** Options of {@link startEmulator}. */
export interface StartEmulatorOptions {
  /** Environment to read `BIGTABLE_EMULATOR_HOST`, `PATH` and `CBTEMULATOR` from. Defaults to `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** How long to wait for the emulator's ready line. Default 20 s. */
  readonly readyTimeoutMs?: number | undefined;
  /** Whether to try Docker (testcontainers) when no binary is found. Default true. */
  readonly allowDocker?: boolean;
  /** Restricts where the binary is looked for (tests use it to simulate a machine without one). */
  readonly search?: EmulatorSearch;
  /** Port for a locally started `cbtemulator` (e.g. gcloud's default 8086). Default: a free port. */
  readonly port?: number | undefined;
}

/** The options of {@link startEmulator}, checked before any emulator is looked for or started. */
function checkStartOptions(options: unknown): asserts options is StartEmulatorOptions {
  const api = 'startEmulator';
  checkOptions({ api, argument: 'options' }, options);
  const { env, readyTimeoutMs, allowDocker, search, port } = options as Record<string, unknown>;
  if (env !== undefined) checkObject({ api, argument: 'options.env' }, env, 'an environment object');
  if (readyTimeoutMs !== undefined)
    checkMilliseconds({ api, argument: 'options.readyTimeoutMs' }, readyTimeoutMs);
  if (allowDocker !== undefined) checkBoolean({ api, argument: 'options.allowDocker' }, allowDocker);
  if (search !== undefined) checkObject({ api, argument: 'options.search' }, search);
  if (port !== undefined) {
    checkInteger({ api, argument: 'options.port' }, port, 1);
    if (port > 65_535)
      throw new InvalidArgumentError({
        api,
        argument: 'options.port',
        value: port,
        expected: 'a TCP port (1–65535)',
      });
  }
}

/**
 * Provides a Bigtable emulator: the one named by `BIGTABLE_EMULATOR_HOST` if set; else a local `cbtemulator` started
 * on 127.0.0.1 on a free port; else the emulators image through testcontainers when a Docker engine answers; else
 * an {@link EmulatorUnavailableError} naming all three ways.
 *
 * @example
 * ```ts
 * const emulator = await startEmulator();
 * const conn = BigtableConnection.connect({ projectId: 'p', instanceId: 'i', emulatorHost: emulator.hostPort });
 * // ...
 * await conn.close();
 * await emulator.stop();
 * ```
 */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<EmulatorHandle> {
  checkStartOptions(options);
  const env = options.env ?? process.env;
  const fromEnv = env.BIGTABLE_EMULATOR_HOST;
  if (fromEnv) {
    const index = fromEnv.lastIndexOf(':');
    const host = fromEnv.slice(0, index);
    const port = Number(fromEnv.slice(index + 1));
    if (index <= 0 || !Number.isInteger(port)) {
      throw new EmulatorUnavailableError(
        `BIGTABLE_EMULATOR_HOST must be host:port, got ${JSON.stringify(fromEnv)}`,
      );
    }
    return { host, port, hostPort: fromEnv, source: 'env', stop: async () => {} };
  }
  const binary = locateEmulator(env, options.search);
  if (binary) {
    const { port } = options;
    return spawnEmulator(binary, {
      readyTimeoutMs: options.readyTimeoutMs,
      ...(port === undefined ? {} : { pickPort: () => Promise.resolve(port) }),
    });
  }
  if (options.allowDocker !== false) {
    const docker = await startDockerEmulator();
    if (docker) return docker;
  }
  throw new EmulatorUnavailableError(
    'No Bigtable emulator available. Provide one of: ' +
      '(1) BIGTABLE_EMULATOR_HOST=host:port of a running emulator; ' +
      '(2) the cbtemulator binary on PATH, in $CBTEMULATOR, or in a gcloud SDK ' +
      '(`gcloud components install bigtable`, or the Debian package google-cloud-cli-bigtable-emulator); ' +
      '(3) a reachable Docker engine, used through testcontainers with the image ' +
      'gcr.io/google.com/cloudsdktool/google-cloud-cli:emulators.',
  );
}
