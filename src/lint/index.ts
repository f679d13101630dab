// 'bigtable-mapper/lint': Bigtable's schema-design rules as lint checks on entity metadata and schema files
// (docs/lint.md).
export { formatFindings, sortFindings } from './format-findings.js';
export { lintEntities } from './lint-entities.js';
export { lintSchemaFiles, type SchemaFilesInput } from './lint-schema-files.js';
export { LINT_RULES, type LintRule, type LintRuleId } from './lint-rules.js';
export type { LintFinding, LintOptions, LintSeverity } from './lint-types.js';
