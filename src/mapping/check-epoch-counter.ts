import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { describeGcRule } from '../metadata/gc-rule-problems.js';
import type { EntityMetadata } from '../metadata/entity-metadata.js';
import type { GcRule } from '../model/family-spec.js';

/** Whether the rule collects a column's only cell when that cell is at the epoch (infinitely old, newest). */
function collectsLoneEpochCell(rule: GcRule): boolean {
  if ('maxVersions' in rule) return false;
  if ('maxAgeMillis' in rule) return true;
  if ('union' in rule) return rule.union.some(collectsLoneEpochCell);
  return rule.intersection.every(collectsLoneEpochCell);
}

/**
 * Refuses setting a counter (`setCounter`, or `put` on a `@CounterMap`) in a family whose GC rule would collect the
 * set cell: it is written at timestamp 0, so a `maxAge` rule makes it garbage at once. Reads (which hide what GC
 * would collect) would see no value while the server's increments might still count from it, and GC would drop it
 * at an unknown time: a silent loss, so InvalidArgumentError before anything is sent.
 *
 * @example
 * ```ts
 * checkEpochCounter(meta, 'stats', 'likes', 'Repository<Video>.setCounter');
 * ```
 */
export function checkEpochCounter(meta: EntityMetadata, family: string, property: string, api: string): void {
  const rule = meta.families.find((f) => f.name === family)?.gcRule;
  if (rule === undefined || !collectsLoneEpochCell(rule)) return;
  throw new InvalidArgumentError({
    api,
    argument: 'property',
    entity: meta.name,
    property,
    value: property,
    expected:
      `a counter whose family's GC rule keeps a cell at timestamp 0 (family ${family} has ` +
      `${describeGcRule(rule)}, which would collect the set value at once; increment by the difference instead)`,
  });
}
