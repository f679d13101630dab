import { InvalidArgumentError } from '../index.js';

/** The `api` of every usage error: the exit code (2) is chosen from it. */
const CLI_API = 'bigtable-mapper';

/**
 * A command-line argument the CLI refuses (exit code 2): an `InvalidArgumentError` naming the command and option.
 *
 * @example
 * ```ts
 * throw usageError('read', '--limit', '0', 'an integer ≥ 1');
 * ```
 */
export function usageError(
  command: string,
  option: string,
  value: unknown,
  expected: string,
  cause?: unknown,
): InvalidArgumentError {
  return new InvalidArgumentError({ api: `${CLI_API} ${command}`, argument: option, value, expected }, cause);
}

/**
 * Whether an error is a {@link usageError}.
 *
 * @example
 * ```ts
 * process.exitCode = isUsageError(error) ? 2 : 1;
 * ```
 */
export function isUsageError(error: unknown): boolean {
  return error instanceof InvalidArgumentError && error.api.startsWith(`${CLI_API} `);
}
