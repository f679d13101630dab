/**
 * A running emulator. `stop()` ends only what {@link startEmulator} itself started (never an emulator found
 * through `BIGTABLE_EMULATOR_HOST`) and is idempotent.
 *
 * @example
 * ```ts
 * const emulator = await startEmulator();
 * process.env.BIGTABLE_EMULATOR_HOST = emulator.hostPort;
 * await emulator.stop();
 * ```
 */
export interface EmulatorHandle {
  readonly host: string;
  readonly port: number;
  /** `host:port`, the value `BIGTABLE_EMULATOR_HOST` expects. */
  readonly hostPort: string;
  /** How the emulator was obtained. */
  readonly source: 'env' | 'binary' | 'docker';
  /** The emulator process's pid when started here from the binary (tests freeze or kill it to simulate faults). */
  readonly pid?: number;
  /**
   * Ends the emulator (if started here) and resolves once it is gone. It always resolves, within a bound, whatever
   * became of the watchdog process in between (starved, stopped or killed).
   */
  stop(): Promise<void>;
}
