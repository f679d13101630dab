import type { GcRule } from '../../../model/family-spec.js';
import type { RowFilter } from '../../../model/read-rows-request.js';
import { chainFilters, interleaveFilters } from './compose-filters.js';
import { familyFilter } from './column-filters.js';

/**
 * The filter that keeps exactly the cells a GC rule would keep. Bigtable collects garbage lazily (up to a week
 * later), so without it reads return cells the schema says are gone. A cell is collected by a union when ANY rule
 * collects it (keep: all rules keep it → chain) and by an intersection when ALL rules do (keep: any rule keeps it →
 * interleave; a cell kept by two rules appears twice, and the row reader collapses such duplicates).
 *
 * @example
 * ```ts
 * gcKeepFilter({ maxVersions: 3 }, Date.now()); // { cellsPerColumnLimit: 3 }
 * ```
 */
export function gcKeepFilter(rule: GcRule, nowMillis: number): RowFilter | undefined {
  if ('maxVersions' in rule) return { cellsPerColumnLimit: rule.maxVersions };
  if ('maxAgeMillis' in rule) {
    const startMillis = BigInt(Math.max(0, Math.floor(nowMillis - rule.maxAgeMillis)));
    return { timestampRange: { startMicros: startMillis * 1000n } };
  }
  if ('union' in rule) return chainFilters(rule.union.map((r) => gcKeepFilter(r, nowMillis)));
  return interleaveFilters(rule.intersection.map((r) => gcKeepFilter(r, nowMillis)));
}

/**
 * A read filter hiding, family by family, the cells the families' GC rules would already have collected; undefined
 * when no family has a rule. Families without a rule pass unchanged; families not listed are not returned.
 *
 * @example
 * ```ts
 * gcHidingFilter({ stats: { maxVersions: 1 }, tags: undefined }, Date.now());
 * ```
 */
export function gcHidingFilter(
  families: Readonly<Record<string, GcRule | undefined>>,
  nowMillis: number,
): RowFilter | undefined {
  const entries = Object.entries(families);
  if (entries.every(([, rule]) => rule === undefined)) return undefined;
  const ruled = entries.filter(([, rule]) => rule !== undefined);
  const unruled = entries.filter(([, rule]) => rule === undefined).map(([name]) => name);
  const branches: Array<RowFilter | undefined> = ruled.map(([name, rule]) =>
    chainFilters([familyFilter(name), gcKeepFilter(rule!, nowMillis)]),
  );
  // A condition filter would be evaluated per row, not per cell, so the families without a rule are selected one
  // by one. Families the model does not know are not read at all.
  branches.push(...unruled.map(familyFilter));
  return interleaveFilters(branches);
}
