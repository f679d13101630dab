import type { Attributes, BatchObservableResult, Meter, Observable } from '@opentelemetry/api';

/** One counter of a {@link CounterSums}: its metric name, unit and description. */
export interface CounterSpec {
  readonly name: string;
  readonly unit: string;
  readonly description: string;
}

/** The running totals of one attribute set: one slot per counter, in the order the counters were declared. */
export interface SumSlots {
  readonly attributes: Attributes;
  readonly values: Float64Array;
  /** Which slots were ever added to (a counter reports an attribute set only once it has been added to, as a sync one). */
  readonly touched: Uint8Array;
  /** Each slot's total when last observed (NaN: never observed). */
  readonly observed: Float64Array;
}

/**
 * Beyond this many attribute sets, totals go to one overflow set, as the SDK does past its default cardinality limit
 * (2,000 points per metric, the overflow set included).
 */
const MAX_ATTRIBUTE_SETS = 1_999;
const OVERFLOW: Attributes = Object.freeze({ 'otel.metric.overflow': true });

/**
 * The content key of an attribute set: its entries sorted by name, as the SDK keys its points. Computed once per
 * set by its owner and kept beside it, so that adding to a counter builds no string.
 *
 * @example
 * ```ts
 * attributesKey({ b: 1, a: 'x' }); // '[["a","x"],["b",1]]'
 * ```
 */
export function attributesKey(attributes: Attributes): string {
  return JSON.stringify(
    Object.keys(attributes)
      .sort()
      .map((name) => [name, attributes[name]]),
  );
}

/**
 * Monotonic counters kept as running totals in the process and reported by observable counters when a reader
 * collects: a call adds to a number instead of handing the SDK a point (which costs the SDK a sort and a
 * `JSON.stringify` of the point's attributes per add, and a `get` adds six). Exported points are the same as a
 * synchronous counter's: cumulative totals per attribute set (the SDK turns them into deltas for a delta reader).
 * One per meter provider and process (see `sharedInstruments`): two observers reporting the same attribute set
 * through two callbacks would overwrite each other's totals.
 *
 * @example
 * ```ts
 * const sums = new CounterSums(meter, [{ name: 'rows', unit: '{row}', description: 'Rows.' }]);
 * const slots = sums.slots(attributesKey(attrs), attrs);
 * slots.values[0]! += 3;
 * ```
 */
export class CounterSums {
  private readonly sets = new Map<string, SumSlots>();
  private overflow: SumSlots | undefined;
  private readonly observables: Observable[];

  /**
   * `beforeCollect` runs first in each collection's callback, before anything is observed (the owner's deferred
   * histogram points are handed over there, so that the collection that follows includes them).
   */
  constructor(
    meter: Meter,
    private readonly specs: readonly CounterSpec[],
    beforeCollect?: () => void,
  ) {
    this.observables = specs.map((s) =>
      meter.createObservableCounter(s.name, { unit: s.unit, description: s.description }),
    );
    meter.addBatchObservableCallback((result) => {
      beforeCollect?.();
      this.report(result);
    }, this.observables);
  }

  /**
   * The totals of the attribute set whose content key is `key`, made on first use with `attributes` (or what it
   * returns: a set built only when it is new).
   */
  slots(key: string, attributes: Attributes | (() => Attributes)): SumSlots {
    let slots = this.sets.get(key);
    if (slots === undefined) {
      if (this.sets.size >= MAX_ATTRIBUTE_SETS) return (this.overflow ??= this.make(OVERFLOW));
      slots = this.make(typeof attributes === 'function' ? attributes() : attributes);
      this.sets.set(key, slots);
    }
    return slots;
  }

  private make(attributes: Attributes): SumSlots {
    const n = this.specs.length;
    return {
      attributes,
      values: new Float64Array(n),
      touched: new Uint8Array(n),
      observed: new Float64Array(n).fill(Number.NaN),
    };
  }

  /**
   * Observes the totals that changed since they were last observed (and each one once). An unchanged total left out
   * is still exported by a cumulative reader (the SDK keeps the last one), and a delta reader gets no zero point for
   * it, as from a synchronous counter; the SDK works the delta out once for all its readers.
   */
  private report(result: BatchObservableResult): void {
    const each = (slots: SumSlots): void => {
      for (let i = 0; i < this.observables.length; i++) {
        const value = slots.values[i]!;
        if (slots.touched[i] === 1 && value !== slots.observed[i]) {
          slots.observed[i] = value;
          result.observe(this.observables[i]!, value, slots.attributes);
        }
      }
    };
    for (const slots of this.sets.values()) each(slots);
    if (this.overflow) each(this.overflow);
  }
}

/**
 * Adds `value` to counter `index` of `slots`.
 *
 * @example
 * ```ts
 * addTo(slots, 0, 3);
 * ```
 */
export function addTo(slots: SumSlots, index: number, value: number): void {
  slots.values[index]! += value;
  slots.touched[index] = 1;
}
