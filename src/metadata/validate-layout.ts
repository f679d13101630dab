import type { MetadataProblem } from '../errors/metadata-error.js';
import type { FamilyRecord } from './declaration-records.js';
import type { FamilyMetadata, FieldMetadata } from './entity-metadata.js';
import type { Declared } from './merge-declarations.js';
import type { GcRule } from '../model/family-spec.js';
import { BIGTABLE_LIMITS } from './bigtable-names.js';
import { printableKey } from '../errors/printable-key.js';

function showQualifier(qualifier: Uint8Array): string {
  return `"${printableKey(qualifier)}"`;
}

/**
 * Checks how fields use families and returns the entity's family list. Rules: every field names a declared
 * family; a Map/Set owns its family alone; aggregate fields live in aggregate families and nothing else does;
 * no two properties share `family:qualifier`; at most one version field; qualifiers ≤ 16 KiB; ≤ 100 families.
 *
 * @example
 * ```ts
 * const families = validateLayout('Device', merged.families, fields, problems);
 * ```
 */
export function validateLayout(
  entity: string,
  declaredFamilies: ReadonlyMap<string, Declared<FamilyRecord>>,
  fields: readonly FieldMetadata[],
  problems: MetadataProblem[],
): FamilyMetadata[] {
  const problem = (property: string | undefined, message: string): void => {
    problems.push({ entity, ...(property === undefined ? {} : { property }), message });
  };
  const owners = new Map<string, string>();
  const columnsByFamily = new Map<string, string[]>();
  const qualifiers = new Map<string, string>();
  let versionField: string | undefined;

  for (const field of fields) {
    const declared = declaredFamilies.get(field.family)?.record;
    if (!declared) {
      problem(
        field.property,
        `uses undeclared family ${field.family}; declare it with @Family('${field.family}') or families: { ${field.family}: {} }`,
      );
      continue;
    }
    const aggregate = declared.options.aggregate;
    const aggregates = field.kind === 'aggregate' || (field.kind === 'map' && field.cells === 'aggregate');
    if (aggregates && aggregate === undefined)
      problem(
        field.property,
        `is an aggregate but family ${field.family} is not an aggregate family (declare { aggregate: 'sum' | 'min' | 'max' | 'hll' })`,
      );
    if (!aggregates && aggregate !== undefined)
      problem(
        field.property,
        `is a ${field.kind === 'map' && field.cells === 'counter' ? 'counter map' : field.kind} in aggregate family ${field.family}; only @Aggregate and @AggregateMap fields may live there`,
      );
    if (field.kind === 'map' || field.kind === 'set') {
      const owner = owners.get(field.family);
      if (owner !== undefined)
        problem(
          field.property,
          `family ${field.family} is already owned by ${owner}; a Map/Set owns its family alone`,
        );
      else owners.set(field.family, field.property);
      continue;
    }
    columnsByFamily.set(field.family, [...(columnsByFamily.get(field.family) ?? []), field.property]);
    const where = `${field.family}:${Buffer.from(field.qualifier).toString('hex')}`;
    const previous = qualifiers.get(where);
    if (previous !== undefined)
      problem(
        field.property,
        `maps to ${field.family}:${showQualifier(field.qualifier)}, which ${previous} already uses`,
      );
    else qualifiers.set(where, field.property);
    if (field.qualifier.length > BIGTABLE_LIMITS.qualifierBytes)
      problem(
        field.property,
        `qualifier is ${field.qualifier.length} bytes, above Bigtable's limit of ${BIGTABLE_LIMITS.qualifierBytes}`,
      );
    if (field.kind === 'version') {
      if (versionField !== undefined)
        problem(field.property, `is a second version field (${versionField} is one already)`);
      else versionField = field.property;
      // An expiring version cell would make a stale writer look like the first one (lost update), and lazy GC
      // would let reads and the CheckAndMutateRow predicate disagree about whether it still exists.
      if (gcRuleHasMaxAge(declared.options.gc))
        problem(
          field.property,
          `is a version field in family ${field.family}, whose GC rule expires cells by age; a version cell must never expire: move it to a family without maxAge`,
        );
    }
  }

  for (const [family, owner] of owners) {
    const columns = columnsByFamily.get(family);
    if (columns)
      problem(
        owner,
        `owns family ${family} as a Map/Set, but ${columns.join(', ')} ${columns.length === 1 ? 'also stores a column' : 'also store columns'} in it; give ${columns.length === 1 ? 'it' : 'them'} another family`,
      );
  }
  if (declaredFamilies.size > BIGTABLE_LIMITS.familiesPerTable)
    problem(
      undefined,
      `declares ${declaredFamilies.size} families, above Bigtable's limit of about ${BIGTABLE_LIMITS.familiesPerTable} per table`,
    );

  return [...declaredFamilies.values()]
    .map(({ record }) => ({
      name: record.name,
      gcRule: record.options.gc,
      aggregate: record.options.aggregate,
      ownedBy: owners.get(record.name),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function gcRuleHasMaxAge(rule: GcRule | undefined): boolean {
  if (rule === undefined) return false;
  if ('maxAgeMillis' in rule) return true;
  const parts = 'union' in rule ? rule.union : 'intersection' in rule ? rule.intersection : [];
  return parts.some(gcRuleHasMaxAge);
}
