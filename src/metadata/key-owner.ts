import { checkBytes, checkObject, checkObjectArray } from '../errors/check-argument.js';
import type { EntityMetadata, KeyMetadata } from './entity-metadata.js';

/**
 * Whether a key has a field count the layout can decode, counted without decoding: a delimited key has one field
 * more than delimiter starts (fields never hold `delimiter[0]`), an ordered-code key at most as many explicit fields
 * as the layout (trailing empty ones are omitted). Parents and children differ in count, so most keys of another
 * level are told apart here, without the cost of a failed decode.
 */
function fieldCountFits(key: KeyMetadata, rowKey: Uint8Array): boolean {
  const fields = key.segments.length;
  const encoding = key.encoding;
  let separators = 0;
  if (encoding.kind === 'delimited') {
    const d0 = encoding.delimiter[0];
    for (const byte of rowKey) if (byte === d0) separators++;
    return separators + 1 === fields;
  }
  for (let i = 0; i + 1 < rowKey.length; i++) {
    if (rowKey[i] !== 0x00) continue;
    if (rowKey[i + 1] === 0x01) separators++;
    i++; // 00 xx is one escape or separator
  }
  return separators + 1 <= fields;
}

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
  checkObject({ api: 'isKeyOf', argument: 'entity' }, entity);
  checkBytes({ api: 'isKeyOf', argument: 'rowKey' }, rowKey);
  if (!fieldCountFits(entity.key, rowKey)) return false;
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
  checkObjectArray({ api: 'keyOwner', argument: 'entities' }, entities, 'objects');
  checkBytes({ api: 'keyOwner', argument: 'rowKey' }, rowKey);
  return entities.find((entity) => isKeyOf(entity, rowKey));
}
