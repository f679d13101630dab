import type { MetadataProblem } from '../errors/metadata-error.js';
import type { EntityMetadata, FamilyMetadata } from './entity-metadata.js';
import { BIGTABLE_LIMITS } from './bigtable-names.js';
import { describeGcRule } from './gc-rule-problems.js';
import { keyCollisionProblem } from './key-collision-problem.js';
import { isRedefinition, isSameNamed, layoutDifference } from './layout-difference.js';

function sameFamilySettings(a: FamilyMetadata, b: FamilyMetadata): boolean {
  return a.aggregate === b.aggregate && JSON.stringify(a.gcRule) === JSON.stringify(b.gcRule);
}

function describeFamily(f: FamilyMetadata): string {
  return `gc ${describeGcRule(f.gcRule)}${f.aggregate ? `, aggregate ${f.aggregate}` : ''}`;
}

/** Two classes of one name whose keys collide: the same entity defined twice, the second time differently. */
function redefined(metadata: EntityMetadata, other: EntityMetadata): string {
  return (
    `is defined twice with different layouts in table ${metadata.table}: two classes named ${metadata.name} whose ` +
    `row keys collide differ in ${layoutDifference(metadata, other)}. A second definition of an entity replaces ` +
    'the first only when its layout is identical (a dev server reloading the module, two copies of the module in ' +
    'a bundle); restart the process after changing an entity, or give one of the two classes another name'
  );
}

/**
 * Checks one entity against the other entities stored in the same table: every row key must name its entity type
 * (no key decodes as both, see {@link keyCollisionProblem}; keys of one may lie inside the other's prefix, as a
 * video's comments do under `video#<id>`), a family both declare must have the same settings, and the table must
 * not need more than ~100 families. Another class of the same name and layout is the same entity defined again
 * and is skipped; one of the same name whose keys collide but whose layout differs is reported as defined twice.
 *
 * @example
 * ```ts
 * const problems = checkTableSiblings(videoMeta, [commentMeta]);
 * ```
 */
export function checkTableSiblings(
  metadata: EntityMetadata,
  siblings: readonly EntityMetadata[],
): MetadataProblem[] {
  const problems: MetadataProblem[] = [];
  const entity = metadata.name;
  const families = new Set(metadata.families.map((f) => f.name));
  for (const other of siblings) {
    if (other.target === metadata.target || other.table !== metadata.table) continue;
    if (isRedefinition(metadata, other)) continue;
    const problem = keyCollisionProblem(metadata, other);
    if (problem)
      problems.push({ entity, message: isSameNamed(metadata, other) ? redefined(metadata, other) : problem });
    for (const family of metadata.families) {
      const theirs = other.families.find((f) => f.name === family.name);
      if (theirs && !sameFamilySettings(family, theirs)) {
        problems.push({
          entity,
          message: `family ${family.name} is declared with ${describeFamily(family)} but ${other.name} declares it with ${describeFamily(theirs)} in the same table ${metadata.table}`,
        });
      }
    }
    for (const f of other.families) families.add(f.name);
  }
  if (families.size > BIGTABLE_LIMITS.familiesPerTable) {
    problems.push({
      entity,
      message: `table ${metadata.table} would need ${families.size} families with the other entities stored in it, above Bigtable's limit of about ${BIGTABLE_LIMITS.familiesPerTable}`,
    });
  }
  return problems;
}
