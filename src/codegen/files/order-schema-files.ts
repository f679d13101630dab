import { MetadataError } from '../../errors/metadata-error.js';
import type { MetadataProblem } from '../../errors/metadata-error.js';
import type { SchemaFilesInput } from './families-file-types.js';

/**
 * Schema files in an order where every parent comes before its children (otherwise as given), with the index of
 * each file's parent file. A `parent` naming no entity of the files (or more than one), a parent in another table
 * and a parent chain that loops are thrown together as one {@link MetadataError} naming the families file, the
 * entity and the value.
 *
 * @example
 * ```ts
 * const { order, parentOf } = orderSchemaFiles([commentFiles, videoFiles]); // order: [1, 0]
 * ```
 */
export function orderSchemaFiles(files: readonly SchemaFilesInput[]): {
  readonly order: readonly number[];
  readonly parentOf: readonly (number | undefined)[];
} {
  const problems: MetadataProblem[] = [];
  const byName = new Map<string, number[]>();
  files.forEach((f, i) => byName.set(f.families.entity, [...(byName.get(f.families.entity) ?? []), i]));
  const where = (i: number): string => files[i]!.source ?? 'families file';
  const parentOf = files.map((f, i): number | undefined => {
    const name = f.families.parent;
    if (name === undefined) return undefined;
    const problem = (message: string): undefined => {
      problems.push({ entity: f.families.entity, property: 'parent', message: `${where(i)}: ${message}` });
      return undefined;
    };
    const found = byName.get(name) ?? [];
    if (found.length === 0) {
      const known = [...byName.keys()].filter((n) => n !== f.families.entity);
      return problem(
        `parent ${JSON.stringify(name)} is none of the entities of the given schema files` +
          `${known.length ? ` (${known.join(', ')})` : ''}; pass the parent's row-key schema file and families file too`,
      );
    }
    if (found.length > 1)
      return problem(
        `parent ${JSON.stringify(name)} is the entity of ${found.length} families files; keep one`,
      );
    const parent = files[found[0]!]!.families;
    if (parent.table !== f.families.table)
      return problem(
        `parent ${name} is stored in table ${parent.table}, not ${f.families.table}; a hierarchical key only makes rows adjacent within one table`,
      );
    return found[0];
  });
  const order: number[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (i: number): void => {
    if (state.get(i) === 'done') return;
    if (state.get(i) === 'visiting') {
      problems.push({
        entity: files[i]!.families.entity,
        property: 'parent',
        message: `${where(i)}: parent chain loops back to ${files[i]!.families.entity}`,
      });
      return;
    }
    state.set(i, 'visiting');
    const parent = parentOf[i];
    if (parent !== undefined) visit(parent);
    state.set(i, 'done');
    order.push(i);
  };
  files.forEach((_, i) => visit(i));
  if (problems.length > 0) throw new MetadataError(problems);
  return { order, parentOf };
}
