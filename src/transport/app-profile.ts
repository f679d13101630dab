import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { BigtableConnection } from './bigtable-connection.js';

/** App profile ids as Bigtable accepts them. */
const APP_PROFILE_ID = /^[_a-zA-Z0-9][-_.a-zA-Z0-9]*$/;

/**
 * The app profile a data call runs under: the call's own `appProfileId`, else the connection's, else `''` (the
 * instance's default profile). Every data request names it, and so does its routing header (`app_profile_id=`,
 * empty for the default), as Google's clients send it. A malformed per-call id is refused before anything is sent.
 *
 * @example
 * ```ts
 * appProfileOf(conn, 'readRows', { appProfileId: 'batch-scans' }); // 'batch-scans'
 * ```
 */
export function appProfileOf(
  connection: BigtableConnection,
  api: string,
  options: { readonly appProfileId?: string | undefined } | undefined,
): string {
  const perCall = options?.appProfileId;
  if (perCall === undefined) return connection.appProfileId ?? '';
  if (typeof perCall !== 'string' || !APP_PROFILE_ID.test(perCall)) {
    throw new InvalidArgumentError({
      api,
      argument: 'appProfileId',
      value: perCall,
      expected: 'an app profile id (letters, digits, _ - .; not starting with - or .)',
    });
  }
  return perCall;
}
