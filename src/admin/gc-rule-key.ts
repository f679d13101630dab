import type { GcRule } from '../model/family-spec.js';

/**
 * A comparison key of a GC rule: two rules get the same key when they collect the same cells. The members of a
 * union or an intersection are a set, so their order does not count (at any depth); the admin API, the emulator
 * and a hand-written entity may list them in any order. `undefined` (no rule) gets its own key.
 *
 * @example
 * ```ts
 * gcRuleKey({ union: [{ maxAgeMillis: 1 }, { maxVersions: 2 }] }) ===
 *   gcRuleKey({ union: [{ maxVersions: 2 }, { maxAgeMillis: 1 }] }); // true
 * ```
 */
export function gcRuleKey(rule: GcRule | undefined): string {
  if (rule === undefined) return 'none';
  if ('maxVersions' in rule) return `maxVersions(${rule.maxVersions})`;
  if ('maxAgeMillis' in rule) return `maxAgeMillis(${rule.maxAgeMillis})`;
  const [kind, members] = 'union' in rule ? ['union', rule.union] : ['intersection', rule.intersection];
  const keys = members.map(gcRuleKey).sort();
  return `${kind}(${keys.join(',')})`;
}
