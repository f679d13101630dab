import { BigtableMapperError } from './bigtable-mapper-error.js';

/**
 * No Bigtable emulator could be found or started. The message names every way to provide one.
 *
 * @example
 * ```ts
 * try { ... } catch (e) { if (e instanceof EmulatorUnavailableError) console.error(e.message); }
 * ```
 */
export class EmulatorUnavailableError extends BigtableMapperError {
  constructor(message: string, cause?: unknown) {
    super('EMULATOR_UNAVAILABLE', message, { cause });
  }
}
