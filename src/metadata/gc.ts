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

function toMillis(duration: Duration): number {
  if (typeof duration === 'number') return duration;
  return (
    (duration.days ?? 0) * 86_400_000 +
    (duration.hours ?? 0) * 3_600_000 +
    (duration.minutes ?? 0) * 60_000 +
    (duration.seconds ?? 0) * 1_000 +
    (duration.millis ?? 0)
  );
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
    return Object.freeze({ maxVersions: n });
  },
  /** Delete cells older than `age`. */
  maxAge(age: Duration): GcRule {
    return Object.freeze({ maxAgeMillis: toMillis(age) });
  },
  /** Delete a cell when any of the rules would. */
  union(...rules: GcRule[]): GcRule {
    return Object.freeze({ union: Object.freeze([...rules]) });
  },
  /** Delete a cell only when all of the rules would (the emulator ignores intersections). */
  intersection(...rules: GcRule[]): GcRule {
    return Object.freeze({ intersection: Object.freeze([...rules]) });
  },
});
