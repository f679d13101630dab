import type { AggregateMapOptions } from '../src/metadata/declaration-args.js';
import { fieldDecorator } from './field-decorator.js';

/**
 * A `Map<K, …>` of aggregate cells owning a whole aggregate family: one aggregate per key (e.g. reaction counts per
 * emoji). `Repository.aggregate` feeds one or several keys of one row with AddToCell in one MutateRow, `remove`
 * deletes keys; a save never writes the map. Sum/min/max read as int64 (`bigint`, or `number` with `as`), hll as
 * its raw state bytes; each key reads its latest time bucket.
 *
 * @example
 * ```ts
 * @Family('reactions', { aggregate: 'sum' })
 * class Message { @AggregateMap({ family: 'reactions', key: 'string', as: 'number' }) reactions = new Map<string, number>(); }
 * ```
 */
export function AggregateMap<K = unknown>(options: AggregateMapOptions<K>) {
  return fieldDecorator('AggregateMap', 'aggregateMap', options as AggregateMapOptions);
}
