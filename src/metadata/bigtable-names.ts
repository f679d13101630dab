const FAMILY_NAME = /^[-_.a-zA-Z0-9]+$/;
const TABLE_ID = /^[_a-zA-Z0-9][-_.a-zA-Z0-9]*$/;

/**
 * Bigtable limits on names and sizes that declarations must respect.
 *
 * @example
 * ```ts
 * const fits = qualifier.length <= BIGTABLE_LIMITS.qualifierBytes; // else Bigtable refuses the write
 * ```
 */
export const BIGTABLE_LIMITS = Object.freeze({
  familyNameLength: 64,
  tableIdLength: 50,
  familiesPerTable: 100,
  qualifierBytes: 16 * 1024,
  rowKeyBytes: 4 * 1024,
  cellBytes: 100 * 1024 * 1024,
  cellWarningBytes: 10 * 1024 * 1024,
  rowWarningBytes: 100 * 1000 * 1000,
  mutationsPerRow: 100_000,
});

/**
 * Why Bigtable would reject `name` as a column family name, or undefined when it is valid
 * (`[-_.a-zA-Z0-9]+`, at most 64 characters).
 *
 * @example
 * ```ts
 * familyNameProblem('stats'); // undefined
 * familyNameProblem('my stats'); // 'family name "my stats" must match [-_.a-zA-Z0-9]+'
 * ```
 */
export function familyNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return `family name must be a string, got ${typeof name}`;
  if (!FAMILY_NAME.test(name)) return `family name ${JSON.stringify(name)} must match [-_.a-zA-Z0-9]+`;
  if (name.length > BIGTABLE_LIMITS.familyNameLength)
    return `family name ${JSON.stringify(name)} is ${name.length} characters, above Bigtable's limit of 64`;
  return undefined;
}

/**
 * Why Bigtable would reject `id` as a table id, or undefined (`[_a-zA-Z0-9][-_.a-zA-Z0-9]*`, at most 50 characters).
 *
 * @example
 * ```ts
 * tableIdProblem('media'); // undefined
 * ```
 */
export function tableIdProblem(id: unknown): string | undefined {
  if (typeof id !== 'string') return `table must be a string, got ${typeof id}`;
  if (!TABLE_ID.test(id)) return `table ${JSON.stringify(id)} must match [_a-zA-Z0-9][-_.a-zA-Z0-9]*`;
  if (id.length > BIGTABLE_LIMITS.tableIdLength)
    return `table ${JSON.stringify(id)} is ${id.length} characters, above Bigtable's limit of 50`;
  return undefined;
}
