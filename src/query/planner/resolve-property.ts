import type { EntityMetadata, FieldMetadata, KeyPartMetadata } from '../../metadata/entity-metadata.js';
import { QueryError } from '../../errors/query-error.js';

/**
 * What a property name refers to: a key part (with its position among the named parts) or a cell-backed field.
 *
 * @example
 * ```ts
 * const target: PropertyTarget = resolveProperty(meta, 'deviceId'); // { kind: 'key', index: 1, part }
 * ```
 */
export type PropertyTarget =
  | { readonly kind: 'key'; readonly index: number; readonly part: KeyPartMetadata }
  | { readonly kind: 'field'; readonly field: FieldMetadata };

/**
 * Resolves a property of the entity, or throws QueryError naming the known ones.
 *
 * @example
 * ```ts
 * resolveProperty(meta, 'title'); // { kind: 'field', field: { kind: 'column', ... } }
 * ```
 */
export function resolveProperty(meta: EntityMetadata, property: string): PropertyTarget {
  const index = meta.key.parts.findIndex((p) => p.property === property);
  if (index >= 0) return { kind: 'key', index, part: meta.key.parts[index]! };
  const field = meta.fields.find((f) => f.property === property);
  if (field) return { kind: 'field', field };
  const known = [...meta.key.parts.map((p) => p.property), ...meta.fields.map((f) => f.property)];
  throw new QueryError({
    entity: meta.name,
    property,
    problem: `unknown property (known: ${known.join(', ')})`,
  });
}
