import { rowKeyOf } from '../mapping/key-input.js';
import { hasMember } from '../query/index.js';
import { collectionField } from './collection-field.js';
import type { CallOptions } from './repository-options.js';
import type { RepositoryParts } from './repository-parts.js';

/**
 * The body of `has`: the key, property (a Set or Map), member and options are checked and the key encoded before
 * anything is sent; then one read of that member's cell only (`hasMember`).
 *
 * @example
 * ```ts
 * const tagged = await hasCall(parts, { deviceId: 'x' }, 'tags', 'kitchen', {});
 * ```
 */
export async function hasCall<E extends object>(
  parts: RepositoryParts<E>,
  key: object,
  property: string,
  member: unknown,
  options: CallOptions,
): Promise<boolean> {
  parts.check.key('has', key);
  const scoped = parts.inScope(key);
  collectionField(parts.meta, property, 'has', ['set', 'map']);
  parts.check.member('has', member, property);
  parts.check.call('has', options);
  rowKeyOf(parts.meta, scoped);
  return hasMember(parts.meta, parts.executor('has'), scoped, property, member, options);
}
