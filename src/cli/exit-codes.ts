/**
 * The exit codes of `bigtable-mapper` (docs/cli.md): scripts and CI branch on them.
 *
 * @example
 * ```ts
 * process.exitCode = drift.inSync ? EXIT.OK : EXIT.CHECK_FAILED;
 * ```
 */
export const EXIT = {
  /** Done; for checks: nothing found. */
  OK: 0,
  /** The command failed (connection, metadata, a table that does not exist, …). */
  ERROR: 1,
  /** Bad command line: unknown command or option, missing or invalid argument. */
  USAGE: 2,
  /** A check found something: `schema check` found drift, `lint` found findings at the failing severity, `migrate status` found the backfill not done, `migrate run --dry-run` found rows that would fail. */
  CHECK_FAILED: 3,
  /** `schema apply` refused a destructive change (nothing was sent); rerun with `--allow-destructive`. */
  DESTRUCTIVE_REFUSED: 4,
} as const;

/** One of {@link EXIT}'s values. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
