import type { AggregateOptions } from '../src/metadata/declaration-args.js';
import { fieldDecorator } from './field-decorator.js';

/**
 * A cell of an aggregate family (the family's kind decides sum/min/max/hll), written with AddToCell; a save never
 * writes it. Sum/min/max read as int64 (`bigint`, or `number` with `as`); hll reads as its raw state bytes.
 * A missing sum reads as 0, a missing min/max/hll as undefined. `versioned` exposes every time bucket.
 *
 * @example
 * ```ts
 * @Family('views', { aggregate: 'sum' })
 * class Video { @Aggregate({ family: 'views', qualifier: 'total' }) views!: bigint; }
 * ```
 */
export function Aggregate(options: AggregateOptions) {
  return fieldDecorator('Aggregate', 'aggregate', options);
}
