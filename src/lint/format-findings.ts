import { checkObjectArray } from '../errors/check-argument.js';
import type { LintFinding, LintSeverity } from './lint-types.js';

const RANK: Readonly<Record<LintSeverity, number>> = { error: 0, warning: 1, info: 2 };

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Findings in a stable order: severity (errors first), entity, rule id, property, message.
 *
 * @example
 * ```ts
 * const findings: Parameters<typeof sortFindings>[0] = [];
 * sortFindings(findings)[0]?.severity; // 'error' first, if there is any
 * ```
 */
export function sortFindings(findings: readonly LintFinding[]): LintFinding[] {
  checkObjectArray({ api: 'sortFindings', argument: 'findings' }, findings, 'objects');
  return [...findings].sort(
    (a, b) =>
      RANK[a.severity] - RANK[b.severity] ||
      compare(a.entity, b.entity) ||
      compare(a.ruleId, b.ruleId) ||
      compare(a.property ?? '', b.property ?? '') ||
      compare(a.message, b.message),
  );
}

/**
 * Findings as readable text, one block per finding in `sortFindings` order, then a count per severity.
 *
 * @example
 * ```ts
 * const findings: Parameters<typeof formatFindings>[0] = [];
 * console.log(formatFindings(findings));
 * // warning  Device.pings  gc-counter-unbounded
 * //   counter `pings` is incremented in place and family `counters` has no GC rule: …
 * //   fix:  give `counters` Gc.maxVersions(1) (or use an aggregate family with AddToCell)
 * //   seed: Schema design best practices › …
 * ```
 */
export function formatFindings(findings: readonly LintFinding[]): string {
  checkObjectArray({ api: 'formatFindings', argument: 'findings' }, findings, 'objects');
  const blocks = sortFindings(findings).map((f) => {
    const where = f.property === undefined ? f.entity : `${f.entity}.${f.property}`;
    return [
      `${f.severity.padEnd(7)}  ${where}  ${f.ruleId}`,
      `  ${f.message}`,
      `  fix:  ${f.fix}`,
      `  seed: ${f.seedRule}`,
    ].join('\n');
  });
  const count = (s: LintSeverity): number => findings.filter((f) => f.severity === s).length;
  const summary = `${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} info`;
  return [...blocks, summary].join('\n\n') + '\n';
}
