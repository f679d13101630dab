import { reapOrphanedEmulators } from '../emulator-registry.js';
import { startEmulator } from '../start-emulator.js';
import { checkFunction, checkObject } from '../../errors/check-argument.js';

/** The key under which the global setup provides the emulator's `host:port` to test files (`inject`). */
export const EMULATOR_HOST_KEY = 'bigtableEmulatorHost';

interface ProvideContext {
  provide(key: string, value: unknown): void;
}

/**
 * A vitest `globalSetup` that starts one emulator for the whole run and stops it afterwards. It also sets
 * `BIGTABLE_EMULATOR_HOST` so that forked workers and any client pick it up. Before and after the run it kills the
 * emulators the kit recorded for processes that are gone (see docs/testing.md, "Leftover processes").
 *
 * @example
 * ```ts
 * // test/global-setup.ts, referenced from vitest.config.ts `test.globalSetup`
 * export { emulatorGlobalSetup as default } from 'bigtable-mapper/testing/vitest';
 * ```
 */
export async function emulatorGlobalSetup(project: ProvideContext): Promise<() => Promise<void>> {
  // Checked before an emulator is started: a wrong argument must not leave one running.
  const api = 'emulatorGlobalSetup';
  checkObject({ api, argument: 'project' }, project, "vitest's global setup context (with provide())");
  checkFunction({ api, argument: 'project.provide' }, project.provide);
  const emulator = await startEmulator();
  process.env.BIGTABLE_EMULATOR_HOST = emulator.hostPort;
  project.provide(EMULATOR_HOST_KEY, emulator.hostPort);
  return async () => {
    await emulator.stop();
    // Emulators of this run's test files whose worker died without stopping them (and whose other safeguards
    // failed too), and of earlier runs that were killed.
    reapOrphanedEmulators();
  };
}
