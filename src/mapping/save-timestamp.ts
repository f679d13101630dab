import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/**
 * Where a save's timestamp comes from: a clock in milliseconds (default `Date.now`).
 *
 * @example
 * ```ts
 * const fixed: Clock = () => 1_700_000_000_000;
 * ```
 */
export type Clock = () => number;

/**
 * The one timestamp of a save, in microseconds and millisecond-aligned (`ms * 1000`), as Bigtable tables with the
 * default millisecond granularity require; a non-aligned timestamp would be rejected, not truncated.
 *
 * @example
 * ```ts
 * saveTimestampMicros(() => 1_700_000_000_123.9); // 1700000000123000n
 * ```
 */
export function saveTimestampMicros(now: Clock = Date.now): bigint {
  const millis = now();
  if (!Number.isFinite(millis) || millis < 0)
    throw new InvalidArgumentError({
      api: 'RepositoryOptions.now',
      argument: "the clock's result",
      value: millis,
      expected: 'non-negative milliseconds since the epoch',
    });
  return BigInt(Math.floor(millis)) * 1000n;
}

/**
 * Microseconds of a Date, millisecond-aligned.
 *
 * @example
 * ```ts
 * dateToMicros(new Date(5)); // 5000n
 * ```
 */
export function dateToMicros(date: Date): bigint {
  return BigInt(date.getTime()) * 1000n;
}

/**
 * The Date of a cell timestamp (sub-millisecond digits, written by other clients, are dropped).
 *
 * @example
 * ```ts
 * microsToDate(5000n).getTime(); // 5
 * ```
 */
export function microsToDate(micros: bigint): Date {
  const millis = micros >= 0n ? micros / 1000n : (micros - 999n) / 1000n;
  return new Date(Number(millis));
}
