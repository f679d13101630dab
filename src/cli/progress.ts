import cliProgress from 'cli-progress';
import type { CliIo } from './cli-io.js';
import { note } from './cli-io.js';

/**
 * Progress of long work (an apply over many tables, a large read): a bar on stderr when it is a terminal, plain
 * lines (or nothing, for row counts) otherwise, so that logs and pipes stay readable.
 *
 * @example
 * ```ts
 * const progress = startProgress(io, { label: 'apply', total: plan.changes.length, plainLines: true });
 * progress.update(1, 'add family stats');
 * progress.stop();
 * ```
 */
export interface Progress {
  /** `done` units so far; `detail` is shown on the bar, or printed as a plain line when `plainLines` is set. */
  update(done: number, detail?: string): void;
  stop(): void;
}

/** Options of {@link startProgress}. */
export interface ProgressOptions {
  readonly label: string;
  /** Units of the whole work; unknown (a read without limit) shows a count only. */
  readonly total?: number | undefined;
  /** Off a terminal, print each update as a line (`label done/total: detail`). Otherwise print nothing. */
  readonly plainLines?: boolean;
  /** No progress at all (`--json`, or output that would interleave with it). */
  readonly quiet?: boolean;
}

/**
 * Starts a {@link Progress} on `io.stderr`.
 *
 * @example
 * ```ts
 * const progress = startProgress(io, { label: 'read', total: limit });
 * ```
 */
export function startProgress(io: CliIo, options: ProgressOptions): Progress {
  if (options.quiet) return { update: () => {}, stop: () => {} };
  const total = options.total;
  if (!io.stderr.isTTY) {
    return {
      update: (done, detail) => {
        if (!options.plainLines) return;
        const count = total === undefined ? `${done}` : `${done}/${total}`;
        note(io, `${options.label} ${count}${detail ? `: ${detail}` : ''}`);
      },
      stop: () => {},
    };
  }
  const format =
    total === undefined
      ? `${options.label} {value} {detail}`
      : `${options.label} [{bar}] {value}/{total} {detail}`;
  const bar = new cliProgress.SingleBar(
    { format, stream: io.stderr, hideCursor: true, clearOnComplete: true, etaBuffer: 50 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total ?? 0, 0, { detail: '' });
  return {
    update: (done, detail) => bar.update(done, { detail: detail ?? '' }),
    stop: () => bar.stop(),
  };
}
