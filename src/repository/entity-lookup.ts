import type { CallOperation } from '../mapping/intercepted-call.js';
import { Lookup, keysNode } from '../query/index.js';
import type { CallOptions } from './repository-options.js';
import type { RepositoryParts } from './repository-parts.js';

/**
 * The read of whole entities by full key that `get`, `getMany` and `lookup` send, as a value: the keys are checked
 * and encoded here (after the scope fills them in), so a bad key is refused before anything is sent, and the read
 * runs through the gate as `operation`.
 *
 * @example
 * ```ts
 * const lookup = entityLookup(parts, 'lookup', [{ deviceType: 'phone', deviceId: 'x' }]);
 * ```
 */
export function entityLookup<E extends object>(
  parts: RepositoryParts<E>,
  operation: CallOperation,
  keys: readonly object[],
): Lookup<E> {
  parts.check.keys('lookup', keys);
  const rowKeys = keys.map((k) => parts.keyOf(k));
  return new Lookup<E>(keysNode(parts.meta, rowKeys), parts.executor(operation));
}

/**
 * Runs {@link entityLookup} with the call's signal and deadline: the entities aligned with the keys (undefined where
 * absent).
 *
 * @example
 * ```ts
 * const [device] = await lookupEntities(parts, 'get', [{ deviceType: 'phone', deviceId: 'x' }], {});
 * ```
 */
export function lookupEntities<E extends object>(
  parts: RepositoryParts<E>,
  operation: CallOperation,
  keys: readonly object[],
  options: CallOptions,
): Promise<Array<E | undefined>> {
  parts.check.call('getMany', options);
  return entityLookup(parts, operation, keys).signal(options.signal, options.timeoutMs).toArray();
}
