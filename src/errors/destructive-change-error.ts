import { BigtableMapperError } from './bigtable-mapper-error.js';

/**
 * A schema apply was refused before anything was sent: the plan holds changes that lose data or are irreversible
 * (drop a family or table, change a family's aggregate type, change a table's row-key schema) and
 * `allowDestructive: true` was not given. `changes` describes each one.
 *
 * @example
 * ```ts
 * await mapper.schema.apply(plan).catch((e) => e.code); // 'DESTRUCTIVE_CHANGE'
 * ```
 */
export class DestructiveChangeError extends BigtableMapperError {
  /** One line per refused change, as `formatPlan` prints it. */
  readonly changes: readonly string[];

  constructor(changes: readonly string[]) {
    super(
      'DESTRUCTIVE_CHANGE',
      `schema apply refused ${changes.length} destructive change(s) (pass { allowDestructive: true } to run them): ${changes.join('; ')}`,
    );
    this.changes = changes;
  }
}
