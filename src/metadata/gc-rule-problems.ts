import type { GcRule } from '../model/family-spec.js';

/**
 * What is wrong with a GC rule (empty when it is valid): max versions and max age must be positive integers,
 * union and intersection must list at least one rule.
 *
 * @example
 * ```ts
 * gcRuleProblems({ maxVersions: 0 }); // ['gc.maxVersions must be a positive integer, got 0']
 * ```
 */
export function gcRuleProblems(rule: unknown, path = 'gc'): string[] {
  if (rule === null || typeof rule !== 'object')
    return [`${path} must be a GC rule object, got ${String(rule)}`];
  const keys = Object.keys(rule);
  if (keys.length !== 1)
    return [
      `${path} must have exactly one of maxVersions, maxAgeMillis, union, intersection (got ${keys.join(', ') || 'none'})`,
    ];
  const r = rule as Record<string, unknown>;
  if ('maxVersions' in r) {
    return Number.isSafeInteger(r.maxVersions) && (r.maxVersions as number) > 0
      ? []
      : [`${path}.maxVersions must be a positive integer, got ${String(r.maxVersions)}`];
  }
  if ('maxAgeMillis' in r) {
    return Number.isSafeInteger(r.maxAgeMillis) && (r.maxAgeMillis as number) > 0
      ? []
      : [
          `${path}.maxAgeMillis must be a positive integer number of milliseconds, got ${String(r.maxAgeMillis)}`,
        ];
  }
  for (const op of ['union', 'intersection'] as const) {
    if (op in r) {
      const rules = r[op];
      if (!Array.isArray(rules) || rules.length === 0) return [`${path}.${op} must list at least one rule`];
      return rules.flatMap((sub: unknown, i) => gcRuleProblems(sub, `${path}.${op}[${i}]`));
    }
  }
  return [`${path} has unknown rule ${keys[0]}`];
}

/**
 * A readable form of a GC rule for messages and docs, e.g. `maxVersions(3) ∩ maxAge(7d)`.
 *
 * @example
 * ```ts
 * describeGcRule({ union: [{ maxVersions: 1 }, { maxAgeMillis: 1000 }] }); // 'maxVersions(1) ∪ maxAge(1000ms)'
 * ```
 */
export function describeGcRule(rule: GcRule | undefined): string {
  if (rule === undefined) return 'none';
  if ('maxVersions' in rule) return `maxVersions(${rule.maxVersions})`;
  if ('maxAgeMillis' in rule) return `maxAge(${rule.maxAgeMillis}ms)`;
  if ('union' in rule) return `(${rule.union.map(describeGcRule).join(' ∪ ')})`;
  return `(${rule.intersection.map(describeGcRule).join(' ∩ ')})`;
}
