import type { KeyValue } from '../codecs/key/key-codec-types.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';

/**
 * How callers name one entity's row: the entity itself, or an object holding its key-part properties.
 *
 * @example
 * ```ts
 * await devices.get({ deviceType: 'phone', deviceId: '4c410523' });
 * ```
 */
export type KeyInput<E> = { readonly [P in keyof E]?: E[P] };

/**
 * Encodes the row key of a key input. The key codec throws a KeyEncodingError naming the missing or bad field, so
 * nothing is sent for an incomplete key.
 *
 * @example
 * ```ts
 * const key = rowKeyOf(meta, { deviceId: 'x' });
 * ```
 */
export function rowKeyOf<E extends object>(meta: EntityMetadata<E>, input: KeyInput<E>): Uint8Array {
  const values: Record<string, KeyValue> = {};
  for (const part of meta.key.parts)
    values[part.property] = (input as Record<string, KeyValue>)[part.property]!;
  return meta.key.codec.encode(values);
}

/**
 * The key-part values present in `input`, in key order, stopping at the first missing one: the leading run a
 * prefix is built from.
 *
 * @example
 * ```ts
 * leadingKeyValues(meta, { deviceType: 'phone' }); // { deviceType: 'phone' }
 * ```
 */
export function leadingKeyValues<E extends object>(
  meta: EntityMetadata<E>,
  input: KeyInput<E>,
): Record<string, KeyValue> {
  const values: Record<string, KeyValue> = {};
  for (const part of meta.key.parts) {
    const value = (input as Record<string, unknown>)[part.property];
    if (value === undefined) break;
    values[part.property] = value as KeyValue;
  }
  return values;
}
