import { BigtableMapperError } from './bigtable-mapper-error.js';
import { printableKey } from './printable-key.js';

/**
 * Which range a counter's new value left: `int64` (Bigtable wrapped the sum past ±2^63) or `safe-integer` (the
 * sum is a valid int64 but a `number` counter cannot hold it exactly).
 *
 * @example
 * ```ts
 * const range: CounterRange = 'int64';
 * ```
 */
export type CounterRange = 'int64' | 'safe-integer';

/** What a {@link CounterOverflowError} is about. */
export interface CounterOverflowDetails {
  readonly entity: string;
  readonly property: string;
  readonly key: Uint8Array;
  /** The amount added. */
  readonly by: bigint;
  /** The value Bigtable stored and answered with (for `int64`, the wrapped sum). */
  readonly storedValue: bigint;
  readonly range: CounterRange;
}

/**
 * An `increment` was applied by Bigtable, but its result is out of range: the int64 sum wrapped around (e.g.
 * 2^63-1 + 1 is stored as -2^63), or a `number` counter went beyond ±(2^53-1). The increment is NOT undone and must
 * not be repeated; `storedValue` is the exact value the counter now holds.
 *
 * @example
 * ```ts
 * try { await videos.increment(key, 'likes', 1); }
 * catch (e) { if (e instanceof CounterOverflowError) console.log(e.applied, e.storedValue); }
 * ```
 */
export class CounterOverflowError extends BigtableMapperError implements CounterOverflowDetails {
  readonly entity: string;
  readonly property: string;
  readonly key: Uint8Array;
  readonly by: bigint;
  readonly storedValue: bigint;
  readonly range: CounterRange;
  /** Always true: Bigtable applied the increment before the result could be checked. */
  readonly applied = true;

  constructor(details: CounterOverflowDetails) {
    const { entity, property, key, by, storedValue, range } = details;
    const what =
      range === 'int64'
        ? `the int64 sum overflowed and Bigtable stored it wrapped around as ${storedValue}n ` +
          `(int64 holds -2^63 … 2^63-1)`
        : `the counter now holds ${storedValue}n, beyond the safe-integer range of a number counter ` +
          `(|n| ≤ 2^53-1; it reads as a bigint)`;
    super(
      'COUNTER_OVERFLOW',
      `increment of ${entity}.${property} by ${by}n in row "${printableKey(key)}" was applied, but ${what}; ` +
        `do not increment again to retry`,
    );
    this.entity = entity;
    this.property = property;
    this.key = key;
    this.by = by;
    this.storedValue = storedValue;
    this.range = range;
  }
}
