/**
 * How serious a lint finding is: `error` = the design breaks a rule of Bigtable's schema guide in a way that hurts
 * every deployment (hotspots, a limit that can be exceeded); `warning` = very likely a problem, silence it with a
 * reason when it is not; `info` = something to check (a heuristic, or a bound the metadata cannot know).
 *
 * @example
 * ```ts
 * const worst: LintSeverity = 'error';
 * ```
 */
export type LintSeverity = 'error' | 'warning' | 'info';

/**
 * One problem found by `lintEntities`, with the rule of Google's "Schema design best practices" it comes from and
 * how to fix it.
 *
 * @example
 * ```ts
 * const finding: LintFinding = {
 *   ruleId: 'key-timestamp-first',
 *   severity: 'error',
 *   entity: 'Reading',
 *   property: 'at',
 *   message: 'the row key starts with timestamp segment `at`',
 *   seedRule: 'Row keys to avoid: row keys that start with a timestamp',
 *   fix: 'put a high-cardinality id first',
 * };
 * ```
 */
export interface LintFinding {
  readonly ruleId: string;
  readonly severity: LintSeverity;
  /** Entity class name; for a table-wide rule, the table's entities joined with ` + `. */
  readonly entity: string;
  /** The property (key part or field) or family the finding is about, when there is one. */
  readonly property?: string;
  readonly message: string;
  /** A short citation of the seed's rule (section and rule). */
  readonly seedRule: string;
  readonly fix: string;
}

/**
 * Options of `lintEntities`. Bounds stand in for concepts the entity metadata does not have yet (a maximum length
 * of a key segment, a maximum size of a JSON or protobuf cell); silences are per entity and need a written reason.
 *
 * @example
 * ```ts
 * const options: LintOptions = {
 *   allow: { Device: { 'key-raw-bytes': 'ids are 16 random bytes, printed as hex by our tooling' } },
 *   maxBytes: { Device: { deviceId: 64 } },
 * };
 * ```
 */
export interface LintOptions {
  /** `{ EntityName: { 'rule-id': 'why this entity may break the rule' } }`. An empty reason is itself a finding. */
  readonly allow?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Declared upper bounds in bytes, `{ EntityName: { property: bytes } }`: of the encoded value of a string, bytes
   * or reversed-domain key part, or of the cell of a JSON or protobuf column.
   */
  readonly maxBytes?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Longest family name that counts as short. Default 16 (the seed's own `stats_summary` is 13). */
  readonly maxFamilyNameLength?: number;
  /** Longest column qualifier (in bytes) that counts as short. Default 32. */
  readonly maxQualifierBytes?: number;
}
