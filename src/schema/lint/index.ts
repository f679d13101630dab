// Bigtable's schema-design rules as lint checks on entity metadata (docs/lint.md). Not yet part of the public
// surface (src/index.ts): the lead wires it.
export { formatFindings, sortFindings } from './format-findings.js';
export { lintEntities } from './lint-entities.js';
export { lintSchemaFiles, type SchemaFilesInput } from './lint-schema-files.js';
export { LINT_RULES, type LintRule, type LintRuleId } from './lint-rules.js';
export type { LintFinding, LintOptions, LintSeverity } from './lint-types.js';
