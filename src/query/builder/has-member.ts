import type { EntityMetadata } from '../../metadata/entity-metadata.js';
import type { QueryExecutor } from '../executor/query-executor.js';
import { findQuery } from './find-query.js';

/**
 * The read of `repository.has(key, property, member)`: whether the row's Set property holds `member` (or its Map
 * property has the key `member`), reading only that member's cell, as
 * `find(keyParts).select(property).entries(property, { members: [member] }).first()`. The key and the arguments
 * are checked by the caller.
 *
 * @example
 * ```ts
 * await hasMember(getEntityMetadata(Device), executor, { deviceType: 'phone', deviceId: 'x' }, 'tags', 'kitchen');
 * ```
 */
export async function hasMember<E extends object>(
  meta: EntityMetadata<E>,
  executor: QueryExecutor,
  key: object,
  property: string,
  member: unknown,
  call: { readonly signal?: AbortSignal | undefined; readonly timeoutMs?: number | undefined } = {},
): Promise<boolean> {
  // Only the key parts: `key` may be a whole entity, whose other properties are no conditions here.
  const parts = Object.fromEntries(
    meta.key.parts.map((p) => [p.property, (key as Record<string, unknown>)[p.property]]),
  );
  let query = findQuery(meta, executor, parts)
    .select(property as keyof E & string)
    .entries(property as never, { members: [member as never] });
  if (call.signal) query = query.signal(call.signal);
  if (call.timeoutMs !== undefined) query = query.timeout(call.timeoutMs);
  const row = (await query.first()) as Record<string, unknown> | undefined;
  const held = row?.[property] as { readonly size: number } | undefined;
  return held !== undefined && held.size > 0;
}
