import type { ScopeValues } from '../metadata/scoped-metadata.js';

/**
 * A key prefix with the scope's values where it leaves them out (a value it gives is kept, and the scoped key
 * codec refuses it when it differs). Anything that is not an object is returned as is, for the caller's own
 * argument check to refuse.
 *
 * @example
 * ```ts
 * fillScope({ orderId: 'o1' }, { tenant: 'acme' }); // { orderId: 'o1', tenant: 'acme' }
 * ```
 */
export function fillScope<T>(prefix: T, scope: ScopeValues | undefined): T {
  if (scope === undefined || typeof prefix !== 'object' || prefix === null || Array.isArray(prefix))
    return prefix;
  const filled: Record<string, unknown> = { ...(prefix as Record<string, unknown>) };
  for (const [property, value] of Object.entries(scope))
    if (filled[property] === undefined) filled[property] = value;
  return filled as T;
}
