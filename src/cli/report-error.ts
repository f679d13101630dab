import { BigtableMapperError, DestructiveChangeError } from '../index.js';
import type { CliIo } from './cli-io.js';
import type { ExitCode } from './exit-codes.js';
import { EXIT } from './exit-codes.js';
import { isUsageError } from './usage-error.js';

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!;
}

/**
 * Prints an error as `error [CODE]: message` on stderr (a message of several lines, such as a MetadataError's
 * problem list, keeps its lines), with the causes' first lines, and every stack under `--verbose`; returns the exit
 * code: 2 for usage errors, 4 for a refused destructive change, else 1.
 *
 * @example
 * ```ts
 * process.exitCode = reportError(io, error, false);
 * ```
 */
export function reportError(io: CliIo, error: unknown, verbose: boolean): ExitCode {
  const code = error instanceof BigtableMapperError ? error.code : 'UNEXPECTED';
  const message = error instanceof Error ? error.message : String(error);
  const lines = [`error [${code}]: ${message}`];
  let cause = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; cause !== undefined && depth < 5; depth++) {
    lines.push(`  caused by: ${firstLine(cause instanceof Error ? cause.message : String(cause))}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  if (error instanceof DestructiveChangeError)
    lines.push('  nothing was sent; review the plan (`schema plan`), then rerun with --allow-destructive');
  if (verbose && error instanceof Error && error.stack) lines.push(error.stack);
  io.stderr.write(`${lines.join('\n')}\n`);
  if (isUsageError(error)) return EXIT.USAGE;
  if (error instanceof DestructiveChangeError) return EXIT.DESTRUCTIVE_REFUSED;
  return EXIT.ERROR;
}
