import type { EmulatorHandle } from './emulator-handle.js';

/** The public image that ships the Bigtable emulator. */
export const EMULATOR_IMAGE = 'gcr.io/google.com/cloudsdktool/google-cloud-cli:emulators';

interface StartedContainer {
  getHost(): string;
  getMappedPort(port: number): number;
  stop(): Promise<unknown>;
}
interface TestcontainersModule {
  GenericContainer: new (image: string) => {
    withExposedPorts(...ports: number[]): unknown;
  };
  Wait: { forLogMessage(message: RegExp | string): unknown };
  getContainerRuntimeClient(): Promise<unknown>;
}

/**
 * Starts the google-cloud-cli emulators image through testcontainers when a Docker engine answers; resolves to
 * undefined when testcontainers is not installed or no engine is reachable. testcontainers' reaper removes the
 * container even if this process crashes.
 *
 * @example
 * ```ts
 * const emulator = await startDockerEmulator();
 * ```
 */
export async function startDockerEmulator(): Promise<EmulatorHandle | undefined> {
  let tc: TestcontainersModule;
  try {
    tc = (await import('testcontainers')) as unknown as TestcontainersModule;
  } catch {
    return undefined;
  }
  try {
    await tc.getContainerRuntimeClient();
  } catch {
    return undefined;
  }
  const builder = new tc.GenericContainer(EMULATOR_IMAGE) as unknown as {
    withExposedPorts(p: number): typeof builder;
    withCommand(c: string[]): typeof builder;
    withWaitStrategy(w: unknown): typeof builder;
    start(): Promise<StartedContainer>;
  };
  const container = await builder
    .withExposedPorts(9000)
    .withCommand(['gcloud', 'beta', 'emulators', 'bigtable', 'start', '--host-port=0.0.0.0:9000'])
    .withWaitStrategy(tc.Wait.forLogMessage(/running on/i))
    .start();
  const host = container.getHost();
  const port = container.getMappedPort(9000);
  let stopped: Promise<void> | undefined;
  return {
    host,
    port,
    hostPort: `${host}:${port}`,
    source: 'docker',
    stop: () => (stopped ??= container.stop().then(() => undefined)),
  };
}
