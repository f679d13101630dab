import { checkObjects } from '../errors/check-argument.js';
import type { FamilySpec } from '../model/family-spec.js';
import type { EntityMetadata } from './entity-metadata.js';

/**
 * The families a table needs for the given entities, in the shape table creation takes (`createTable`,
 * `useTestTable`). Entities sharing a table must agree on shared families (the registry checks this).
 *
 * @example
 * ```ts
 * await createTable(conn, meta.table, familySpecsOf(meta));
 * ```
 */
export function familySpecsOf(...entities: readonly EntityMetadata[]): Record<string, FamilySpec> {
  checkObjects({ api: 'familySpecsOf', argument: 'entities' }, entities, 'entity metadata');
  const specs: Record<string, FamilySpec> = {};
  for (const meta of entities) {
    for (const family of meta.families) {
      specs[family.name] = {
        ...(family.gcRule === undefined ? {} : { gcRule: family.gcRule }),
        ...(family.aggregate === undefined ? {} : { aggregate: family.aggregate }),
      };
    }
  }
  return specs;
}
