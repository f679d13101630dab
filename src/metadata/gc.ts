import { checkInteger, checkObjects } from '../errors/check-argument.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { GcRule } from '../model/family-spec.js';

/**
 * A duration for `Gc.maxAge`: milliseconds, or parts that are added up.
 *
 * @example
 * ```ts
 * Gc.maxAge({ days: 7, hours: 12 }); Gc.maxAge(60_000);
 * ```
 */
export type Duration =
  | number
  | {
      readonly days?: number;
      readonly hours?: number;
      readonly minutes?: number;
      readonly seconds?: number;
      readonly millis?: number;
    };

const UNITS = [
  ['days', 86_400_000],
  ['hours', 3_600_000],
  ['minutes', 60_000],
  ['seconds', 1_000],
  ['millis', 1],
] as const;

function toMillis(duration: Duration): number {
  if (typeof duration === 'number') return duration;
  let millis = 0;
  for (const [unit, factor] of UNITS) {
    const n: unknown = duration[unit];
    // A unit given as anything but a number (a string '7' would multiply) makes the duration invalid.
    if (n !== undefined && typeof n !== 'number') return Number.NaN;
    millis += (n ?? 0) * factor;
  }
  return millis;
}

/**
 * Builders for family garbage-collection rules (Bigtable applies them lazily; reads still filter).
 *
 * @example
 * ```ts
 * @Family('comments', { gc: Gc.union(Gc.maxVersions(100), Gc.maxAge({ days: 30 })) })
 * ```
 */
export const Gc = Object.freeze({
  /** Keep the newest `n` cells of each column. */
  maxVersions(n: number): GcRule {
    checkInteger({ api: 'Gc.maxVersions', argument: 'n' }, n, 1);
    return Object.freeze({ maxVersions: n });
  },
  /** Delete cells older than `age`. */
  maxAge(age: Duration): GcRule {
    const millis = typeof age === 'object' && age !== null ? toMillis(age) : age;
    if (typeof millis !== 'number' || !Number.isSafeInteger(millis) || millis <= 0)
      throw new InvalidArgumentError({
        api: 'Gc.maxAge',
        argument: 'age',
        value: age,
        expected:
          'a whole number of milliseconds > 0, or { days, hours, minutes, seconds, millis } adding up to one',
      });
    return Object.freeze({ maxAgeMillis: millis });
  },
  /** Delete a cell when any of the rules would. */
  union(...rules: GcRule[]): GcRule {
    checkObjects({ api: 'Gc.union', argument: 'rules' }, rules, 'a GcRule');
    return Object.freeze({ union: Object.freeze([...rules]) });
  },
  /** Delete a cell only when all of the rules would (the emulator ignores intersections). */
  intersection(...rules: GcRule[]): GcRule {
    checkObjects({ api: 'Gc.intersection', argument: 'rules' }, rules, 'a GcRule');
    return Object.freeze({ intersection: Object.freeze([...rules]) });
  },
});
