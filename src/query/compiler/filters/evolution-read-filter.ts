import { printableKey } from '../../../errors/printable-key.js';
import type { EntityMetadata, OldFieldMetadata } from '../../../metadata/entity-metadata.js';
import type { RowFilter } from '../../../model/read-rows-request.js';
import { columnFilter, familyFilter } from './column-filters.js';
import { chainFilters } from './compose-filters.js';
import { gcKeepFilter } from './gc-filter.js';

/**
 * The identity of a column in the `skip.columns` set of {@link evolutionReadBranches}.
 *
 * @example
 * ```ts
 * columnId('d', Buffer.from('name')); // 'd:6e616d65'
 * ```
 */
export function columnId(family: string, qualifier: Uint8Array): string {
  return `${family}:${Buffer.from(qualifier).toString('hex')}`;
}

/** Every column and family the live upcast steps read, each once, in step order. */
function oldStorage(meta: EntityMetadata): OldFieldMetadata[] {
  const seen = new Set<string>();
  const out: OldFieldMetadata[] = [];
  for (const step of meta.evolution?.steps ?? [])
    for (const field of step.shape) {
      const where = field.kind === 'column' ? columnId(field.family, field.qualifier) : field.family;
      if (seen.has(where)) continue;
      seen.add(where);
      out.push(field);
    }
  return out;
}

/**
 * The extra branches a projection of an evolving entity reads besides the selected properties: the schema-version
 * cell (so each row's version is known) and every column/family of every live step's old shape (an upcaster may
 * compute a selected property from any of them), newest cell only, hidden like their family's GC rule hides.
 * Families in `skip.families` (a Map/Set read through an entries window) are not added whole, nor columns in
 * `skip.columns` (`family:hex qualifier`, already read by the projection). Empty for an entity without evolution.
 *
 * @example
 * ```ts
 * interleaveFilters([...branches, ...evolutionReadBranches(meta, Date.now())]);
 * ```
 */
export function evolutionReadBranches(
  meta: EntityMetadata,
  nowMillis: number,
  skip: { readonly families?: ReadonlySet<string>; readonly columns?: ReadonlySet<string> } = {},
): RowFilter[] {
  const evolution = meta.evolution;
  if (evolution === undefined) return [];
  const gcOf = (family: string): RowFilter | undefined => {
    const rule = meta.families.find((f) => f.name === family)?.gcRule;
    return rule === undefined ? undefined : gcKeepFilter(rule, nowMillis);
  };
  const branches: RowFilter[] = [
    chainFilters([
      columnFilter(evolution.family, evolution.qualifier),
      gcOf(evolution.family),
      { cellsPerColumnLimit: 1 },
    ])!,
  ];
  for (const field of oldStorage(meta)) {
    if (field.kind !== 'column' && skip.families?.has(field.family)) continue;
    if (field.kind === 'column' && skip.columns?.has(columnId(field.family, field.qualifier))) continue;
    const where =
      field.kind === 'column' ? columnFilter(field.family, field.qualifier) : familyFilter(field.family);
    branches.push(chainFilters([where, gcOf(field.family), { cellsPerColumnLimit: 1 }])!);
  }
  return branches;
}

/**
 * The `explain()` note of a read of an evolving entity: what it reads besides the entity's own columns and why, and
 * that old rows are upcast. Undefined for an entity without evolution.
 *
 * @example
 * ```ts
 * evolutionReadNote(meta); // 'schema evolution: also reads d:_v (the schema version) and d:name, d:prefs …'
 * ```
 */
export function evolutionReadNote(meta: EntityMetadata): string | undefined {
  const evolution = meta.evolution;
  if (evolution === undefined) return undefined;
  const cell = `${evolution.family}:${printableKey(evolution.qualifier)}`;
  const old = oldStorage(meta).map((f) =>
    f.kind === 'column' ? `${f.family}:${printableKey(f.qualifier)}` : `family ${f.family}`,
  );
  if (old.length === 0)
    return `schema evolution: also reads ${cell} (the schema version); rows at other versions than ${evolution.version} raise SchemaVersionError`;
  const versions = evolution.steps.map((s) => s.from).join(', ');
  return `schema evolution: also reads ${cell} (the schema version) and ${old.join(', ')} for rows at versions ${versions}, which are upcast to version ${evolution.version}`;
}
