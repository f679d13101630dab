import { QueryError } from '../../errors/query-error.js';
import type { EntityMetadata, FieldMetadata } from '../../metadata/entity-metadata.js';
import type { RowFilter } from '../../model/read-rows-request.js';
import { columnFilter, familyFilter, qualifierRangeFilter } from '../compiler/filters/column-filters.js';
import { chainFilters, interleaveFilters } from '../compiler/filters/compose-filters.js';
import { wholeEntityReadFilter } from '../compiler/filters/entity-read-filter.js';
import { columnId, evolutionReadBranches } from '../compiler/filters/evolution-read-filter.js';
import { gcKeepFilter } from '../compiler/filters/gc-filter.js';
import { keySuccessor } from '../../codecs/key/key-range.js';
import type { EntriesNode, VersionsNode } from '../nodes/query-node.js';

const MICROS_PER_MILLI = 1000n;

function versionsFilter(meta: EntityMetadata, versions: VersionsNode | undefined): RowFilter | undefined {
  if (!versions) return undefined;
  const { latest, since, until } = versions;
  if (latest !== undefined && (!Number.isInteger(latest) || latest < 1 || latest > 2_147_483_647))
    throw new QueryError({
      entity: meta.name,
      property: 'versions.latest',
      value: latest,
      problem: 'must be an int32 ≥ 1',
    });
  for (const [name, d] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (d !== undefined && (!(d instanceof Date) || Number.isNaN(d.getTime())))
      throw new QueryError({
        entity: meta.name,
        property: `versions.${name}`,
        value: d,
        problem: 'must be a valid Date',
      });
  }
  if (since && until && since.getTime() >= until.getTime())
    throw new QueryError({
      entity: meta.name,
      property: 'versions.until',
      value: until,
      problem: 'must be after since',
    });
  const range =
    since || until
      ? {
          timestampRange: {
            ...(since ? { startMicros: BigInt(since.getTime()) * MICROS_PER_MILLI } : {}),
            ...(until ? { endMicros: BigInt(until.getTime()) * MICROS_PER_MILLI } : {}),
          },
        }
      : undefined;
  return chainFilters([range, latest === undefined ? undefined : { cellsPerColumnLimit: latest }]);
}

function entryBound(
  meta: EntityMetadata,
  field: FieldMetadata & { kind: 'map' | 'set' },
  name: string,
  value: unknown,
): Uint8Array {
  const codec = field.keyCodec.name;
  if (codec !== 'string' && codec !== 'bytes') {
    throw new QueryError({
      entity: meta.name,
      property: field.property,
      value,
      problem: `entries(${name}) needs string or bytes keys, whose bytes sort like the keys (this map uses ${codec})`,
    });
  }
  try {
    return field.keyCodec.encode(value);
  } catch (error) {
    throw new QueryError(
      { entity: meta.name, property: field.property, value, problem: `wrong type for ${name}` },
      error,
    );
  }
}

/** Exactly these members: one column each (any key codec: whole encoded keys are compared, never prefixes). */
function memberColumns(
  meta: EntityMetadata,
  field: FieldMetadata & { kind: 'map' | 'set' },
  members: readonly unknown[],
): RowFilter {
  const qualifiers = new Map<string, Uint8Array>();
  for (const member of members) {
    let encoded: Uint8Array;
    try {
      encoded = field.keyCodec.encode(member);
    } catch (error) {
      throw new QueryError(
        { entity: meta.name, property: field.property, value: member, problem: 'wrong type for a member' },
        error,
      );
    }
    qualifiers.set(Buffer.from(encoded).toString('hex'), encoded);
  }
  return interleaveFilters(
    [...qualifiers.keys()].sort().map((hex) => columnFilter(field.family, qualifiers.get(hex)!)),
  )!;
}

function entriesFilter(
  meta: EntityMetadata,
  field: FieldMetadata & { kind: 'map' | 'set' },
  entries: EntriesNode | undefined,
): RowFilter {
  if (!entries) return familyFilter(field.family);
  const from = entries.from === undefined ? undefined : entryBound(meta, field, 'from', entries.from);
  const to = entries.to === undefined ? undefined : entryBound(meta, field, 'to', entries.to);
  let range: RowFilter;
  if (entries.members !== undefined) {
    if (from || to || entries.prefix !== undefined || entries.members.length === 0)
      throw new QueryError({
        entity: meta.name,
        property: field.property,
        value: entries.members,
        problem: 'entries() takes a non-empty members list, or prefix, or from/to — one of them',
      });
    range = memberColumns(meta, field, entries.members);
  } else if (entries.prefix !== undefined) {
    if (from || to)
      throw new QueryError({
        entity: meta.name,
        property: field.property,
        value: entries.prefix,
        problem: 'entries() takes prefix or from/to, not both',
      });
    // A copy: keySuccessor of a Buffer would share (and bump) the encoded bytes.
    const start = Uint8Array.from(entryBound(meta, field, 'prefix', entries.prefix));
    const end = keySuccessor(start);
    range = qualifierRangeFilter(field.family, { startClosed: start, ...(end ? { endOpen: end } : {}) });
  } else {
    if (from && to && Buffer.compare(from, to) >= 0)
      throw new QueryError({
        entity: meta.name,
        property: field.property,
        value: entries.to,
        problem: 'entries() needs from < to',
      });
    range = qualifierRangeFilter(field.family, {
      ...(from ? { startClosed: from } : {}),
      ...(to ? { endOpen: to } : {}),
    });
  }
  if (
    entries.limit !== undefined &&
    (!Number.isInteger(entries.limit) || entries.limit < 1 || entries.limit > 2_147_483_647)
  )
    throw new QueryError({
      entity: meta.name,
      property: field.property,
      value: entries.limit,
      problem: 'entries() limit must be an int32 ≥ 1',
    });
  return range;
}

/**
 * The filter reading the given properties (all when undefined): per property its column (or, for a Map/Set, its
 * family or key range), the cells its family's GC rule keeps, and the newest cell per column unless the property
 * shows its history (then the `versions` window). A plain whole-entity read is `wholeEntityReadFilter`. An evolving
 * entity's projection also reads the schema-version cell and every live step's old columns (`evolutionReadBranches`).
 * A Map/Set entry `limit` is a cells-per-row limit inside the family's own branch of the interleave, so other
 * families do not count against it.
 *
 * @example
 * ```ts
 * projectionFilter(meta, now, ['title', 'tags'], undefined, []);
 * ```
 */
export function projectionFilter(
  meta: EntityMetadata,
  nowMillis: number,
  properties: readonly string[] | undefined,
  versions: VersionsNode | undefined,
  entries: readonly EntriesNode[],
): RowFilter | undefined {
  if (properties === undefined && versions === undefined && entries.length === 0)
    return wholeEntityReadFilter(meta, nowMillis);
  const wanted = properties === undefined ? undefined : new Set(properties);
  const history = versionsFilter(meta, versions);
  const branches: Array<RowFilter | undefined> = [];
  for (const field of meta.fields) {
    if (wanted && !wanted.has(field.property)) continue;
    const family = meta.families.find((f) => f.name === field.family);
    const gc = family?.gcRule === undefined ? undefined : gcKeepFilter(family.gcRule, nowMillis);
    if (field.kind === 'map' || field.kind === 'set') {
      const own = entries.find((e) => e.property === field.property);
      branches.push(
        chainFilters([
          entriesFilter(meta, field, own),
          gc,
          { cellsPerColumnLimit: 1 },
          own?.limit === undefined ? undefined : { cellsPerRowLimit: own.limit },
        ]),
      );
      continue;
    }
    const versioned = (field.kind === 'column' || field.kind === 'aggregate') && field.versioned;
    branches.push(
      chainFilters([
        columnFilter(field.family, field.qualifier),
        gc,
        versioned ? history : { cellsPerColumnLimit: 1 },
      ]),
    );
  }
  // An evolving entity also reads its schema-version cell and the old storage its upcasters read.
  if (meta.evolution !== undefined) {
    const families = new Set(
      entries.map((e) => meta.fields.find((f) => f.property === e.property)?.family ?? ''),
    );
    const columns = new Set(
      meta.fields.flatMap((f) =>
        f.kind === 'map' || f.kind === 'set' || (wanted && !wanted.has(f.property))
          ? []
          : [columnId(f.family, f.qualifier)],
      ),
    );
    branches.push(...evolutionReadBranches(meta, nowMillis, { families, columns }));
  }
  return interleaveFilters(branches);
}
