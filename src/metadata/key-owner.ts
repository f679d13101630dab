import type { EntityMetadata } from './entity-metadata.js';

/**
 * True when `rowKey` is a well-formed key of `entity`: its codec decodes it (literals, field count, every field's
 * type and range, the salt bucket).
 *
 * @example
 * ```ts
 * const videoMeta = getEntityMetadata(Video);
 * isKeyOf(videoMeta, new TextEncoder().encode('video#v1'));                          // true
 * isKeyOf(videoMeta, new TextEncoder().encode('video#v1#c#9223370448563575807'));    // false: a Comment key
 * ```
 */
export function isKeyOf(entity: EntityMetadata, rowKey: Uint8Array): boolean {
  try {
    entity.key.codec.decode(rowKey);
    return true;
  } catch {
    return false;
  }
}

/**
 * The entity type of a row, decided from its key bytes alone: the entity among `entities` whose key codec decodes
 * `rowKey`, or `undefined` when none does (a row of an entity not listed, or a malformed key). Exact per row, with
 * no server work: entities registered in one table are checked at resolution so that no key decodes as two of them
 * (see docs/row-keys.md, hierarchical keys); for such entities the first match is the only one.
 *
 * @example
 * ```ts
 * const entities: EntityMetadata[] = [getEntityMetadata(Video), getEntityMetadata(Comment)];
 * keyOwner(entities, new TextEncoder().encode('video#v1'))?.name;                          // 'Video'
 * keyOwner(entities, new TextEncoder().encode('video#v1#c#9223370448563575807'))?.name;    // 'Comment'
 * keyOwner(entities, new TextEncoder().encode('user#u1'));                                  // undefined
 * ```
 */
export function keyOwner<M extends EntityMetadata>(
  entities: readonly M[],
  rowKey: Uint8Array,
): M | undefined {
  return entities.find((entity) => isKeyOf(entity, rowKey));
}
