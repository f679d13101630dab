/**
 * Where a command writes and what it may read of the process: injected so that commands never touch `process`
 * directly (the bin passes the real streams and environment).
 *
 * @example
 * ```ts
 * const io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
 * ```
 */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

/**
 * The options every command has: `--json` (machine-readable output on stdout) and `--verbose` (stacks on errors).
 *
 * @example
 * ```ts
 * const options: GlobalOptions = { json: true, verbose: false };
 * ```
 */
export interface GlobalOptions {
  readonly json?: boolean;
  readonly verbose?: boolean;
}

/**
 * Writes `text` to stdout, ending it with a newline when it has none.
 *
 * @example
 * ```ts
 * out(io, formatPlan(plan));
 * ```
 */
export function out(io: CliIo, text: string): void {
  io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * Writes one JSON document (one line) to stdout.
 *
 * @example
 * ```ts
 * outJson(io, { inSync: true });
 * ```
 */
export function outJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value)}\n`);
}

/**
 * Writes a note for the person at the terminal to stderr (stdout stays for data).
 *
 * @example
 * ```ts
 * note(io, 'applied 3 changes');
 * ```
 */
export function note(io: CliIo, text: string): void {
  io.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
}
