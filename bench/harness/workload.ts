// What a benchmark workload is: the same work done by the library and by hand-written code, cut into blocks.
import type { Mapper } from '../../src/repository/mapper.js';
import type { RawBench } from '../fixtures/raw-client.js';
import type { HlBench } from '../fixtures/hl-client.js';

/**
 * The variants compared: the library, hand-written generated-client code, and the high-level `Table` API; `off` is
 * the library again with no OpenTelemetry registered, beside a `library` that runs with a provider (the traced
 * workloads), so that the cost of tracing is read off one interleaved run; `rawOff` is raw code with nothing
 * registered and no instrumentation, beside a `raw` that instruments itself by hand (the traced workloads), so that
 * the cost of the same SDK for hand-written code is read off the same run.
 */
export type VariantName = 'library' | 'off' | 'raw' | 'hl' | 'rawOff';

/** Every variant, in the order a run takes them. */
export const VARIANTS: readonly VariantName[] = ['library', 'off', 'raw', 'hl', 'rawOff'];

/** Everything a workload may use; each run of the suite makes one. */
export interface BenchContext {
  readonly mapper: Mapper;
  readonly raw: RawBench;
  readonly hl: HlBench;
  /** Distinct per workload and size, so workloads never see each other's rows. */
  readonly runId: string;
}

/** A prepared workload: `blocks` units of work each variant does in turn. */
export interface PreparedWorkload {
  readonly blocks: number;
  /** Rows (or entities) one block handles, for rows/s. */
  readonly rowsPerBlock: number;
  readonly variants: Readonly<Partial<Record<VariantName, (block: number) => Promise<unknown>>>> & {
    readonly library: (block: number) => Promise<unknown>;
    readonly raw: (block: number) => Promise<unknown>;
  };
  /**
   * Checks, before anything is timed, that every variant returns or writes the same data; throws (an assertion
   * error naming the variant) when one does not, since timing different work would mean nothing.
   */
  verify(): Promise<void>;
  /** Why HL is absent or not doing the same work, when that is so. */
  readonly hlNote?: string;
  /** Releases what `prepare` made beyond rows (e.g. a traced workload's providers and their timers). */
  dispose?(): Promise<void>;
}

/** Sizes per mode: `smoke` (the test suite's tiny run), `quick` (minutes) and `full` (the sizes). */
export type BenchMode = 'smoke' | 'quick' | 'full';

export interface Workload {
  readonly name: string;
  readonly description: string;
  /** Runs in `--full` mode only (or when `--only` names it), as the rows per example GC shape do. */
  readonly fullOnly?: boolean;
  /** Total rows or entities for a mode. */
  size(mode: BenchMode): number;
  prepare(context: BenchContext, size: number): Promise<PreparedWorkload>;
}
