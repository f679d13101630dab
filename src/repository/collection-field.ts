import { checkEpochCounter } from '../mapping/check-epoch-counter.js';
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
  if (api === 'put' && field.kind === 'map' && field.cells === 'aggregate') {
    // Production Bigtable refuses a SetCell into an aggregate family (the emulator takes it).
    throw new InvalidArgumentError({
      api: `Repository<${meta.name}>.${api}`,
      argument: 'property',
      entity: meta.name,
      value: property,
      expected: 'a map that is not an @AggregateMap (feed it with aggregate(), clear keys with remove())',
    });
  }
  if (api === 'put' && field.kind === 'map' && field.cells === 'counter')
    checkEpochCounter(meta, field.family, property, `Repository<${meta.name}>.${api}`);
  return field as MapFieldMetadata | SetFieldMetadata;
}
