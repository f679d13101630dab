import type { KeyValue } from '../codecs/key/key-codec-types.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';

/** Per entity type: whether every key segment is named after the property that holds its value. */
const namedAfterProperties = new WeakMap<object, boolean>();

function segmentsNamedAfterProperties(meta: EntityMetadata<object>): boolean {
  let same = namedAfterProperties.get(meta);
  if (same === undefined) {
    same = meta.key.parts.every((part) => 'name' in part.segment && part.segment.name === part.property);
    namedAfterProperties.set(meta, same);
  }
  return same;
}

/**
 * The row key of an entity, from its key-part properties through the entity's key codec (which throws
 * `KeyEncodingError` naming the field for a missing or invalid value).
 *
 * @example
 * ```ts
 * const key = encodeEntityKey(getEntityMetadata(Device), device);
 * ```
 */
export function encodeEntityKey<E extends object>(meta: EntityMetadata<E>, entity: E): Uint8Array {
  // The codec reads each field by segment name and nothing else, so when the names are the properties' the entity
  // itself is the values object (this runs once per saved entity).
  if (segmentsNamedAfterProperties(meta as EntityMetadata<object>))
    return meta.key.codec.encode(entity as Readonly<Record<string, KeyValue>>);
  const values: Record<string, KeyValue> = {};
  for (const part of meta.key.parts) {
    values[part.property] = (entity as Record<string, unknown>)[part.property] as KeyValue;
  }
  return meta.key.codec.encode(values);
}
