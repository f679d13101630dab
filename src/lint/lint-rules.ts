import type { LintSeverity } from './lint-types.js';

/**
 * One lint rule: its id, its usual severity (some checks lower or raise it, e.g. a heuristic is a warning where
 * the metadata's own type is an error) and the rule of Google's "Schema design best practices" (the seed) it
 * enforces, quoted in English (the seeds are in Italian, Spanish and Chinese).
 *
 * @example
 * ```ts
 * const rule: LintRule = LINT_RULES['key-timestamp-first'];
 * console.log(rule.severity, rule.seedRule);
 * ```
 */
export interface LintRule {
  readonly severity: LintSeverity;
  readonly title: string;
  readonly seedRule: string;
}

const SEED = 'Schema design best practices';

/**
 * Every rule `lintEntities` knows, by id (docs/lint.md describes each one).
 *
 * @example
 * ```ts
 * Object.keys(LINT_RULES).includes('key-tenant-not-first'); // true
 * ```
 */
export const LINT_RULES = {
  'key-timestamp-first': {
    severity: 'error',
    title: 'Row key starts with a timestamp',
    seedRule: `${SEED} › Row keys to avoid: "Row keys that start with a timestamp. This pattern causes sequential writes to be pushed onto a single node, creating a hotspot." (also for reversed timestamps)`,
  },
  'key-sequential-id-first': {
    severity: 'warning',
    title: 'Row key starts with a sequential numeric id',
    seedRule: `${SEED} › Row keys to avoid: "Sequential numeric IDs … A safer approach is to use a reversed version of the user's numeric ID."`,
  },
  'key-raw-bytes': {
    severity: 'warning',
    title: 'Raw bytes in the row key',
    seedRule: `${SEED} › Row keys to avoid: "Values expressed as raw bytes rather than human-readable strings … use string values in your row keys."`,
  },
  'key-hashed-segment': {
    severity: 'warning',
    title: 'Hashed value in the row key',
    seedRule: `${SEED} › Row keys to avoid: "Hashed values … make it harder to use the Key Visualizer tool. Use human-readable values instead of hashed values."`,
  },
  'key-domain-not-reversed': {
    severity: 'warning',
    title: 'Domain name in the row key, not reversed',
    seedRule: `${SEED} › Domain names: "consider using a reverse domain name (for example, com.company.product) as the row key."`,
  },
  'key-size-unbounded': {
    severity: 'info',
    title: 'Row key size not bounded',
    seedRule: `${SEED} › Row keys: "Keep your row keys short. A row key must be 4 KB or less."`,
  },
  'key-size-over-limit': {
    severity: 'error',
    title: 'Row key can exceed 4 KiB',
    seedRule: `${SEED} › Row keys: "Keep your row keys short. A row key must be 4 KB or less."`,
  },
  'key-tenant-not-first': {
    severity: 'warning',
    title: 'Tenant is not the leading key part',
    seedRule: `${SEED} › Multi-tenancy: "you can use your unique ID for each company as the row key prefix … delete the range of rows that use that customer's row key prefix."`,
  },
  'key-parent-scans-children': {
    severity: 'info',
    title: 'Parent entity whose prefix reads scan its children',
    seedRule: `${SEED} › Row keys: "Design your row key based on the queries you will use to retrieve the data" — a read of parents by prefix scans every child row stored under them.`,
  },
  'table-too-many-families': {
    severity: 'error',
    title: 'More than 100 column families in a table',
    seedRule: `${SEED} › Column families: "Create up to about 100 column families per table. Using more than 100 column families may result in performance degradation."`,
  },
  'family-name-long': {
    severity: 'info',
    title: 'Long column family name',
    seedRule: `${SEED} › Column families: "Choose short names for your column families. Names are included in the data that is transferred for each request."`,
  },
  'qualifier-long': {
    severity: 'info',
    title: 'Long column qualifier',
    seedRule: `${SEED} › Columns: "give column qualifiers short but meaningful names … reduce the amount of data that is transferred for each request."`,
  },
  'gc-versioned-unbounded': {
    severity: 'warning',
    title: 'Versioned column in a family without a GC rule',
    seedRule: `${SEED} › Cells: "The number of cells retained in a column is governed by the garbage collection policy that you set for the column family."`,
  },
  'gc-counter-unbounded': {
    severity: 'warning',
    title: 'Counter in a family without a GC rule',
    seedRule: `${SEED} › Row keys to avoid, frequently updated identifiers: "previous values of a column take up space until the cells are removed during garbage collection."`,
  },
  'gc-qualifiers-unbounded': {
    severity: 'warning',
    title: 'Qualifier-as-data family without a GC rule',
    seedRule: `${SEED} › Column families: "Put columns that have different data retention needs in different column families … garbage collection policies are set at the column family level."`,
  },
  'cell-size-unbounded': {
    severity: 'info',
    title: 'JSON or protobuf column without a size bound',
    seedRule: `${SEED} › Cells: "Don't store more than 10 MB of data in a single cell." Rows: "Keep the size of all values in a single row under 100 MB."`,
  },
  'cell-size-over-limit': {
    severity: 'warning',
    title: 'Cell or row size bound above the guidance',
    seedRule: `${SEED} › Cells: "Don't store more than 10 MB of data in a single cell." Rows: "Keep the size of all values in a single row under 100 MB."`,
  },
  'evolution-version-unreadable': {
    severity: 'warning',
    title: 'Old schema versions no upcast step reads',
    seedRule:
      'bigtable-mapper schema evolution: every schema version still stored in the table can be read (docs/evolution.md)',
  },
  'evolution-upcast-reads-undeclared': {
    severity: 'warning',
    title: 'Upcaster reads a property nothing declares',
    seedRule:
      'bigtable-mapper schema evolution: an upcaster reads only what the old shape, the entity or an earlier step declares (docs/evolution.md)',
  },
  'lint-silence-without-reason': {
    severity: 'warning',
    title: 'Rule silenced without a reason',
    seedRule: 'bigtable-mapper lint: every exception to a design rule is written down',
  },
  'lint-silence-unused': {
    severity: 'info',
    title: 'Silence for an unknown rule or entity',
    seedRule: 'bigtable-mapper lint: every exception to a design rule is written down',
  },
} as const satisfies Readonly<Record<string, LintRule>>;

/**
 * The id of a rule of `LINT_RULES`.
 *
 * @example
 * ```ts
 * const id: LintRuleId = 'gc-counter-unbounded';
 * ```
 */
export type LintRuleId = keyof typeof LINT_RULES;
