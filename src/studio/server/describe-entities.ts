import type { EntityMetadata, FieldMetadata } from '../../metadata/public/index.js';

/** Codecs whose values a form field holds (text, number, boolean, ISO date) and the studio can write back. */
export const EDITABLE_CODECS: ReadonlySet<string> = new Set([
  'string',
  'int64',
  'int64AsNumber',
  'float64',
  'boolean',
  'date',
]);

/** The kind of a property as the overview names it. */
function kindOf(field: FieldMetadata): string {
  if (field.kind === 'map')
    return field.cells === 'counter' ? 'counterMap' : field.cells === 'aggregate' ? 'aggregateMap' : 'map';
  if (field.kind === 'column' && field.codec.name.startsWith('protobuf')) return 'proto';
  return field.kind;
}

function typeOf(field: FieldMetadata): string {
  switch (field.kind) {
    case 'map':
      return `Map<${field.keyCodec.name}, ${field.valueCodec.name}>`;
    case 'set':
      return `Set<${field.keyCodec.name}>`;
    default:
      return field.codec.name;
  }
}

/**
 * Whether the studio can edit a property: a plain (unversioned) column of a scalar codec. Counters, aggregates,
 * maps, sets, versioned columns and the version itself are read-only in the studio.
 */
export function isEditable(field: FieldMetadata): boolean {
  return field.kind === 'column' && !field.versioned && EDITABLE_CODECS.has(field.codec.name);
}

/** One entity as `GET /api/overview` describes it. */
export function describeEntity(
  meta: EntityMetadata,
  tableId: string,
  allowWrites: boolean,
  collections: readonly string[],
): object {
  return {
    name: meta.name,
    table: tableId,
    keyParts: meta.key.parts.map((p) => ({
      name: p.property,
      type: p.segment.type,
      ...('as' in p.segment && p.segment.as !== undefined ? { as: p.segment.as } : {}),
      encoding: meta.key.encoding.kind,
    })),
    properties: meta.fields.map((f) => ({
      name: f.property,
      kind: kindOf(f),
      family: f.family,
      type: typeOf(f),
      editable: allowWrites && isEditable(f) && (meta.version !== undefined || meta.evolution === undefined),
    })),
    versioned: meta.version !== undefined,
    collections,
  };
}
