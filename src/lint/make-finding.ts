import { LINT_RULES, type LintRuleId } from './lint-rules.js';
import type { LintFinding, LintSeverity } from './lint-types.js';

/**
 * Builds a finding of rule `ruleId` with the rule's seed citation, and the rule's severity unless one is given.
 *
 * @example
 * ```ts
 * makeFinding('key-raw-bytes', 'Device', 'deviceId', 'raw bytes', 'use a string', undefined);
 * ```
 */
export function makeFinding(
  ruleId: LintRuleId,
  entity: string,
  property: string | undefined,
  message: string,
  fix: string,
  severity: LintSeverity | undefined,
): LintFinding {
  const rule = LINT_RULES[ruleId];
  return {
    ruleId,
    severity: severity ?? rule.severity,
    entity,
    ...(property === undefined ? {} : { property }),
    message,
    seedRule: rule.seedRule,
    fix,
  };
}
