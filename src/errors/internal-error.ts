import { BigtableMapperError } from './bigtable-mapper-error.js';

/**
 * An invariant of the SDK itself was broken: a state its own checks should have made impossible. Not caused by
 * the caller's input; it is a bug in bigtable-mapper, so please report it with the message.
 *
 * @example
 * ```ts
 * try {
 *   await devices.save(device);
 * } catch (e) {
 *   if (e instanceof InternalError) console.error('please report:', e.message);
 * }
 * ```
 */
export class InternalError extends BigtableMapperError {
  /** Where the invariant lives, e.g. `compareValues`. */
  readonly where: string;

  constructor(where: string, message: string, cause?: unknown) {
    super('INTERNAL', `internal error in ${where}: ${message} (a bug in bigtable-mapper; please report it)`, {
      cause,
    });
    this.where = where;
  }
}
