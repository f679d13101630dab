import { printableKey } from '../errors/printable-key.js';
import type { EntityMetadata, FieldMetadata, OldFieldMetadata } from './entity-metadata.js';

/** JSON text of plain declaration data: bytes as hex, bigints as decimal, codecs by their name. */
function text(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (v instanceof Uint8Array) return `0x${Buffer.from(v).toString('hex')}`;
      if (typeof v === 'bigint') return `${v}n`;
      if (typeof v === 'function') return undefined;
      return v;
    }) ?? 'none'
  );
}

const SHOWN = [
  'property',
  'kind',
  'family',
  'qualifier',
  'codec',
  'keyCodec',
  'valueCodec',
  'cells',
  'aggregate',
];

/** A property's storage, readable: `column d:extra (int64AsNumber, optional)`; anything else it has, as JSON. */
function describeField(field: FieldMetadata | OldFieldMetadata): string {
  const where =
    'qualifier' in field ? `${field.family}:${printableKey(field.qualifier)}` : `family ${field.family}`;
  const codecs =
    field.kind === 'map'
      ? [`key ${field.keyCodec.name}`, `value ${field.valueCodec.name}`]
      : field.kind === 'set'
        ? [`key ${field.keyCodec.name}`]
        : [field.codec.name];
  const cells = 'cells' in field && field.cells !== undefined ? [`${field.cells} cells`] : [];
  const aggregate = 'aggregate' in field && field.aggregate !== undefined ? [field.aggregate] : [];
  const flags = Object.entries(field)
    .filter(([name, value]) => !SHOWN.includes(name) && value === true)
    .map(([name]) => name);
  const rest = Object.fromEntries(
    Object.entries(field).filter(([name, value]) => !SHOWN.includes(name) && typeof value !== 'boolean'),
  );
  const more = Object.keys(rest).length > 0 ? ` ${text(rest)}` : '';
  return `${field.kind} ${where} (${[...codecs, ...cells, ...aggregate, ...flags].join(', ')})${more}`;
}

/**
 * Every aspect of an entity's stored layout, by name: table, parent, key (encoding and segments), each family, each
 * property and the version and schema-evolution cells. Two definitions with the same aspects read and write the
 * same bytes. Hooks and validators are behaviour, not layout, and are left out.
 */
function layoutAspects(meta: EntityMetadata): Map<string, string> {
  const aspects = new Map<string, string>([
    ['table', meta.table],
    ['parent', meta.parent?.name ?? 'none'],
    ['key encoding', text(meta.key.encoding)],
    ['key segments', text(meta.key.segments)],
    ['key parts', text(meta.key.parts)],
    ['version property', meta.version?.property ?? 'none'],
  ]);
  for (const family of meta.families) aspects.set(`family ${family.name}`, text(family));
  for (const field of meta.fields) aspects.set(`property ${field.property}`, describeField(field));
  const evolution = meta.evolution;
  if (evolution !== undefined) {
    const { version, family, qualifier, writeBack } = evolution;
    aspects.set('schema version', text({ version, family, qualifier, writeBack }));
    for (const step of evolution.steps)
      aspects.set(`upcast step from ${step.from}`, step.shape.map(describeField).join('; '));
  }
  return aspects;
}

/**
 * The first difference between the stored layouts of two entity definitions (`property extra: column d:extra
 * (int64AsNumber, optional) in one, none in the other`), or `undefined` when they store their rows identically:
 * same table, parent name, key, families, properties with their codecs (by name), version and schema-evolution
 * cells.
 *
 * @example
 * ```ts
 * layoutDifference(meta, getEntityMetadata(Device)); // undefined: the same layout
 * ```
 */
export function layoutDifference(a: EntityMetadata, b: EntityMetadata): string | undefined {
  const ours = layoutAspects(a);
  const theirs = layoutAspects(b);
  for (const name of new Set([...ours.keys(), ...theirs.keys()])) {
    const mine = ours.get(name) ?? 'none';
    const other = theirs.get(name) ?? 'none';
    if (mine !== other) return `${name}: ${mine} in one, ${other} in the other`;
  }
  return undefined;
}

/**
 * Whether `b` is another definition of the entity `a`: a different class with the same (non-anonymous) name, table
 * and layout — the same declaration evaluated twice (a dev server reloading a module, two copies of a module in a
 * bundle). The registry keeps the newer one and never treats the two as siblings sharing a table.
 *
 * @example
 * ```ts
 * isRedefinition(meta, getEntityMetadata(Device)); // true when meta is another class named Device, of the same layout
 * ```
 */
export function isRedefinition(a: EntityMetadata, b: EntityMetadata): boolean {
  return isSameNamed(a, b) && layoutDifference(a, b) === undefined;
}

/**
 * Whether two different classes declare an entity of the same name in the same table (anonymous classes have no
 * name to share).
 *
 * @example
 * ```ts
 * isSameNamed(meta, getEntityMetadata(Device)); // true when meta is another class named Device, in its table
 * ```
 */
export function isSameNamed(a: EntityMetadata, b: EntityMetadata): boolean {
  const named = typeof a.target.name === 'string' && a.target.name !== '';
  return named && a.target !== b.target && a.name === b.name && a.table === b.table;
}
