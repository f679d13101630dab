import type { KeyValue } from '../codecs/key/key-codec-types.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';

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
  const values: Record<string, KeyValue> = {};
  for (const part of meta.key.parts) {
    values[part.property] = (entity as Record<string, unknown>)[part.property] as KeyValue;
  }
  return meta.key.codec.encode(values);
}
