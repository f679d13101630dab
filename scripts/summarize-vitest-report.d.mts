/** A test file vitest marked failed before or around its tests (import, syntax or hook error). */
export interface FailedFile {
  readonly file: string;
  readonly message: string;
}

export interface VitestSummary {
  readonly passed: number;
  /** Failed tests only. */
  readonly failedTests: number;
  readonly failedFiles: readonly FailedFile[];
  /** `file > full test name` of every skipped or todo test. */
  readonly skipped: readonly string[];
  /** Failed tests plus files that failed to load: the number the closing line reports. */
  readonly failed: number;
  /** True only when something passed and nothing failed, was skipped or failed to load. */
  readonly ok: boolean;
  /** Human-readable reasons the run is not ok, one entry per kind. */
  readonly problems: readonly string[];
  /** `vitest: N passed, M failed, K skipped`. */
  readonly line: string;
}

export declare function summarizeVitestReport(report: unknown, options?: { root?: string }): VitestSummary;
