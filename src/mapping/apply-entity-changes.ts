import type { EntityMetadata, MapFieldMetadata, SetFieldMetadata } from '../metadata/entity-metadata.js';
import type { EntityChanges, MapChange, SetChange } from './build-update-mutations.js';
import { isEntryChange } from './build-update-mutations.js';

/** Members compared by their encoded key: two byte arrays of the same bytes are one member, as in the row. */
function keyOf(field: MapFieldMetadata | SetFieldMetadata, key: unknown): string {
  return Buffer.from(field.keyCodec.encode(key)).toString('latin1');
}

/**
 * The Map/Set a property holds after an entry-level change, as the row would after the same `{ put, remove }`
 * mutations (removes first, then puts; keys compared by their encoding). `current` is not modified.
 *
 * @example
 * ```ts
 * applyEntryChange(tagsField, new Set(['a']), { put: ['b'], remove: ['a'] }); // Set { 'b' }
 * ```
 */
export function applyEntryChange(
  field: MapFieldMetadata | SetFieldMetadata,
  current: unknown,
  change: MapChange<unknown, unknown> | SetChange<unknown>,
): Map<unknown, unknown> | Set<unknown> {
  const entries = new Map<string, [unknown, unknown]>();
  if (current instanceof Map)
    for (const [k, v] of current as Map<unknown, unknown>) entries.set(keyOf(field, k), [k, v]);
  else if (current instanceof Set)
    for (const k of current as Set<unknown>) entries.set(keyOf(field, k), [k, undefined]);
  for (const k of change.remove ?? []) entries.delete(keyOf(field, k));
  for (const entry of change.put ?? []) {
    const [k, v] = field.kind === 'map' ? (entry as readonly [unknown, unknown]) : [entry, undefined];
    entries.set(keyOf(field, k), [k, v]);
  }
  return field.kind === 'map'
    ? new Map([...entries.values()])
    : new Set([...entries.values()].map(([k]) => k));
}

/**
 * Applies the changes of an `update` to an entity in place, exactly as the update's mutations change its row: a
 * whole value replaces the property (null/undefined clears it), a `{ put, remove }` change edits a Map/Set's entries.
 * The changes must already have passed `buildUpdateMutations` (which refuses key parts, counters and unknown
 * properties). Used when an update has to go through a read (a row at an older schema version).
 *
 * @example
 * ```ts
 * applyEntityChanges(meta, device, { name: 'kitchen', tags: { put: ['new'] } });
 * ```
 */
export function applyEntityChanges<E extends object>(
  meta: EntityMetadata<E>,
  entity: E,
  changes: EntityChanges<E>,
): E {
  const target = entity as Record<string, unknown>;
  for (const [property, value] of Object.entries(changes as Record<string, unknown>)) {
    const field = meta.fields.find((f) => f.property === property);
    if ((field?.kind === 'map' || field?.kind === 'set') && isEntryChange(value))
      target[property] = applyEntryChange(field, target[property], value);
    else target[property] = value;
  }
  return entity;
}

/**
 * The changes with every entry-level `put`/`remove` iterable copied into an array, so that they can be applied more
 * than once (a generator is consumed by the first pass).
 *
 * @example
 * ```ts
 * const again = materializeChanges({ tags: { put: new Set(['a']) } });
 * ```
 */
export function materializeChanges<C extends object>(changes: C): C {
  const out: Record<string, unknown> = {};
  for (const [property, value] of Object.entries(changes as Record<string, unknown>)) {
    out[property] = isEntryChange(value)
      ? {
          ...(value.put === undefined ? {} : { put: [...(value.put as Iterable<unknown>)] }),
          ...(value.remove === undefined ? {} : { remove: [...value.remove] }),
        }
      : value;
  }
  return out as C;
}
