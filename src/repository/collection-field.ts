import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EntityMetadata, MapFieldMetadata, SetFieldMetadata } from '../metadata/entity-metadata.js';

/**
 * The metadata of a Set or Map property a repository entry call (`add`, `put`, `remove`, `has`) names, or
 * InvalidArgumentError naming the call when the property is not one of the kinds it accepts.
 *
 * @example
 * ```ts
 * const tags = collectionField(meta, 'tags', 'add', ['set']);
 * ```
 */
export function collectionField(
  meta: EntityMetadata,
  property: string,
  api: string,
  kinds: ReadonlyArray<'set' | 'map'>,
): MapFieldMetadata | SetFieldMetadata {
  const field = meta.fields.find((f) => f.property === property);
  if (!field || !(kinds as readonly string[]).includes(field.kind)) {
    throw new InvalidArgumentError({
      api: `Repository<${meta.name}>.${api}`,
      argument: 'property',
      value: property,
      expected: `a ${kinds.join(' or ')} property of ${meta.name}`,
    });
  }
  return field as MapFieldMetadata | SetFieldMetadata;
}
